# Installs the README and docs/*.md into the documentation folder with their links
# rewritten for where the files land there (run by `cmake --install`, see CMakeLists.txt):
#   docs/X            -> X              (installed beside the README)
#   ../examples/ci/X  -> examples/ci/X  (installed under the documentation folder)
#   ../README.md      -> README.md      (from docs/, installed beside it)
#   cardstock.schema.json -> the installed schema in share/cardstock/
# Any other relative link would point at nothing in an installed copy, so it becomes
# plain text naming the file in the source tree; a link to no file at all (`[text](url)`
# in an example) stays as it is. Needs SOURCE_DIR, DOC_DIR (absolute,
# DESTDIR included) and SCHEMA_FROM_DOC (the schema's path relative to DOC_DIR).

function(rewrite_links text base_dir out_var)
  set(result "")
  while(text MATCHES "\\[([^]\n]*)\\]\\(([^)\n]*)\\)")
    string(FIND "${text}" "${CMAKE_MATCH_0}" at)
    string(SUBSTRING "${text}" 0 ${at} before)
    string(LENGTH "${CMAKE_MATCH_0}" match_length)
    math(EXPR rest_at "${at} + ${match_length}")
    string(SUBSTRING "${text}" ${rest_at} -1 text)
    set(label "${CMAKE_MATCH_1}")
    set(target "${CMAKE_MATCH_2}")
    set(anchor "")
    if(target MATCHES "^([^#]*)(#.*)$")
      set(target "${CMAKE_MATCH_1}")
      set(anchor "${CMAKE_MATCH_2}")
    endif()
    if(target STREQUAL "" OR target MATCHES "^[a-z]+:")
      set(link "[${label}](${target}${anchor})")                    # an anchor or a URL
    elseif(target MATCHES "^(docs/)?cardstock\\.schema\\.json$")
      set(link "[${label}](${SCHEMA_FROM_DOC}${anchor})")
    elseif(target MATCHES "^docs/(.*)$")
      set(link "[${label}](${CMAKE_MATCH_1}${anchor})")
    elseif(target MATCHES "^\\.\\./(examples/ci/.*)$")
      set(link "[${label}](${CMAKE_MATCH_1}${anchor})")
    elseif(target STREQUAL "../README.md")
      set(link "[${label}](README.md${anchor})")                    # installed beside docs/
    elseif(NOT EXISTS "${base_dir}/${target}" OR
           (base_dir STREQUAL "${SOURCE_DIR}/docs" AND NOT target MATCHES "^\\.\\."))
      set(link "[${label}](${target}${anchor})")   # docs/ to docs/, or no file (an example)
    else()
      set(shown "${target}")                       # named from the top of the source tree
      if(base_dir STREQUAL "${SOURCE_DIR}/docs" AND target MATCHES "^\\.\\./(.*)$")
        set(shown "${CMAKE_MATCH_1}")
      endif()
      if(label STREQUAL target OR label STREQUAL "`${target}`" OR label STREQUAL shown OR label STREQUAL "`${shown}`")
        set(link "`${shown}` (in the source tree)")
      else()
        set(link "${label} (`${shown}` in the source tree)")
      endif()
    endif()
    string(APPEND result "${before}${link}")
  endwhile()
  set(${out_var} "${result}${text}" PARENT_SCOPE)
endfunction()

file(GLOB docs "${SOURCE_DIR}/docs/*.md")
foreach(source IN ITEMS "${SOURCE_DIR}/README.md" ${docs})
  get_filename_component(name "${source}" NAME)
  file(READ "${source}" text)
  get_filename_component(base_dir "${source}" DIRECTORY)
  rewrite_links("${text}" "${base_dir}" text)
  message(STATUS "Installing: ${DOC_DIR}/${name}")
  file(WRITE "${DOC_DIR}/${name}" "${text}")
endforeach()
