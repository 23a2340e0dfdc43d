#include "base/files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "test_util.h"

namespace cardstock {

namespace fs = std::filesystem;

TEST(Files, ReadsARegularFileAndRefusesWhatIsNotOne) {
  const fs::path dir = testing::fresh_dir("files-read");
  std::ofstream(dir / "a.txt") << "hello";
  fs::create_symlink(dir / "a.txt", dir / "link.txt");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  std::string out, why;
  EXPECT_TRUE(read_regular_file((dir / "a.txt").string(), 100, &out, &why));
  EXPECT_EQ(out, "hello");
  EXPECT_TRUE(read_regular_file((dir / "link.txt").string(), 100, &out, &why));  // links followed by default
  EXPECT_FALSE(read_regular_file((dir / "link.txt").string(), 100, &out, &why, false));
  EXPECT_EQ(why, "it is a symbolic link");
  EXPECT_FALSE(read_regular_file((dir / "fifo").string(), 100, &out, &why));  // never blocks
  EXPECT_EQ(why, "it is a FIFO (named pipe), not a file");
  EXPECT_FALSE(read_regular_file((dir / "a.txt").string(), 4, &out, &why));
  EXPECT_EQ(why, "it is 5 bytes; the limit is 4 bytes");
  EXPECT_EQ(open_regular_file((dir / "link.txt").string(), false, &why), -1);
  const int fd = open_regular_file((dir / "a.txt").string(), false, &why);
  EXPECT_GE(fd, 0);
  ::close(fd);
}

}  // namespace cardstock
