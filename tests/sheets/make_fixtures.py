#!/usr/bin/python3
"""Writes the spreadsheet fixtures of tests/cli/sheets_test.cpp into this folder.

    /usr/bin/python3 tests/sheets/make_fixtures.py

- animals-openpyxl.xlsx: written by openpyxl (Debian python3-openpyxl), "another
  program" than LibreOffice: inline structure as openpyxl writes it, a date cell, number
  formats, booleans, a merged tab and a tab whose two headers read as one name.
- animals-lo.xlsx: the same deck as LibreOffice Calc 7 writes an .xlsx (shared strings,
  its styles.xml with custom number formats, its XML as LibreOffice lays it out).
  Assembled here, as no LibreOffice is installed where these tests run.
- animals.ods: as LibreOffice Calc writes an .ods (mimetype stored first, content.xml
  with number-columns-repeated, number-rows-repeated tails, text:s, office:date-value,
  a merged cell with its covered cells).
- words.xlsx: the tutorial's spreadsheet (docs/your-own-deck.md;
  tests/games/docs_examples_test.cpp builds the tutorial with it).
- wide.ods: one text of 9000 bytes repeated across 16000 columns and 10 rows (1.4 GB of
  cells from a file of 1 KB).
- bomb.xlsx: a workbook whose shared strings unpack to 65 MB (a zip bomb, kept small);
  bomb-lying.xlsx: the same, its zip headers claiming 1000 bytes (the count must be made
  while unpacking, not taken from the container).

openpyxl is used here only, never by cardstock. The files are committed; run this again
only to change them (zip entries carry a fixed date, so the bytes are the same).
"""
import datetime
import io
import os
import re
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXED = (2024, 1, 1, 0, 0, 0)

ANIMALS = [
    ["Name", "Latin name", "Fact 1", "Count", "Colour", "Born", "Weight", "Share", "Wild"],
    ["Red fox", "Vulpes vulpes", "Hunts  at night", 2, "#c0392b", datetime.date(2024, 3, 5), 6.5, 0.25, True],
    None,  # an empty row: ends nothing
    ["Hedgehog", "Erinaceus europaeus", "Eats beetles", 1, "#7f8c8d", datetime.date(2023, 11, 30), 0.8, 0.125, False],
]


def write_zip(path, parts):
    """Writes `parts` (name, bytes) in order; 'mimetype' stored, the rest deflated."""
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts:
            info = zipfile.ZipInfo(name, FIXED)
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def save_openpyxl(wb, name):
    """Saves `wb` as `name` with a fixed date on each entry and in docProps/core.xml."""
    buf = io.BytesIO()
    wb.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    fixed = lambda data: re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2024-01-01T00:00:00Z", data)
    write_zip(os.path.join(HERE, name), [(n, fixed(src.read(n))) for n in src.namelist()])


def openpyxl_xlsx():
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Animals"
    for r, row in enumerate(ANIMALS, start=1):
        for c, v in enumerate(row or [], start=1):
            cell = ws.cell(row=r, column=c, value=v)
            if isinstance(v, datetime.date):
                cell.number_format = "yyyy-mm-dd"
            elif c == 7 and r > 1:
                cell.number_format = "0.00"
            elif c == 8 and r > 1:
                cell.number_format = "0%"
    plants = wb.create_sheet("Plants")
    plants.append(["Name", "Height"])
    plants.append(["Oak", 30])
    merged = wb.create_sheet("Merged")
    merged.append(["Name", "Latin name"])
    merged.append(["Oak", "Quercus"])
    merged.append(["Ash", None])
    merged.merge_cells("A3:B3")
    twice = wb.create_sheet("Twice")
    twice.append(["Name", "Fact 1", "fact_1"])
    twice.append(["Oak", "a", "b"])
    bad = wb.create_sheet("Bad count")
    bad.append(["Name", "Count", "Colour"])
    bad.append(["Oak", 1, "#00ff00"])
    bad.append(["Ash", "three", "#00ff00"])
    save_openpyxl(wb, "animals-openpyxl.xlsx")


LO_RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"""

LO_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/_rels/.rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/_rels/workbook.xml.rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"""

LO_WB_RELS = """<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"""

LO_WORKBOOK = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><fileVersion appName="Calc"/><workbookPr backupFile="false" showObjects="all" date1904="false"/><workbookProtection/><bookViews><workbookView showHorizontalScroll="true" showVerticalScroll="true" showSheetTabs="true" xWindow="0" yWindow="0" windowWidth="16384" windowHeight="8192" tabRatio="500" firstSheet="0" activeTab="0"/></bookViews><sheets><sheet name="Animals" sheetId="1" state="visible" r:id="rId2"/></sheets><calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/></workbook>"""

LO_STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="3"><numFmt numFmtId="164" formatCode="General"/><numFmt numFmtId="165" formatCode="YYYY\\-MM\\-DD"/><numFmt numFmtId="166" formatCode="0.00"/></numFmts><fonts count="1"><font><sz val="10"/><name val="Arial"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border diagonalUp="false" diagonalDown="false"><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" applyFont="true" applyBorder="true" applyAlignment="true" applyProtection="true"><alignment horizontal="general" vertical="bottom" textRotation="0" wrapText="false" indent="0" shrinkToFit="false"/><protection locked="true" hidden="false"/></xf></cellStyleXfs><cellXfs count="4"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"><alignment horizontal="general" vertical="bottom" textRotation="0" wrapText="false" indent="0" shrinkToFit="false"/><protection locked="true" hidden="false"/></xf><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"/><xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"/></cellXfs><cellStyles count="1"><cellStyle name="Default" xfId="0" builtinId="0"/></cellStyles></styleSheet>"""


def lo_xlsx():
    strings = []

    def s(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    def cell(ref, v):
        if isinstance(v, bool):
            return '<c r="%s" s="0" t="b"><v>%d</v></c>' % (ref, v)
        if isinstance(v, datetime.date):
            serial = (v - datetime.date(1899, 12, 30)).days
            return '<c r="%s" s="1" t="n"><v>%d</v></c>' % (ref, serial)
        if isinstance(v, float):
            style = 3 if ref[0] == "H" else 2
            return '<c r="%s" s="%d" t="n"><v>%s</v></c>' % (ref, style, repr(v))
        if isinstance(v, int):
            return '<c r="%s" s="0" t="n"><v>%d</v></c>' % (ref, v)
        return '<c r="%s" s="0" t="s"><v>%d</v></c>' % (ref, s(v))

    rows = []
    for r, row in enumerate(ANIMALS, start=1):
        if row is None:
            continue  # LibreOffice writes no <row> for an empty one
        cells = "".join(cell("%s%d" % (chr(65 + c), r), v) for c, v in enumerate(row))
        rows.append('<row r="%d" customFormat="false" ht="12.8" hidden="false" customHeight="false" '
                    'outlineLevel="0" collapsed="false">%s</row>' % (r, cells))
    sheet = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
             'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
             '<sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr><dimension ref="A1:I4"/>'
             '<sheetViews><sheetView showFormulas="false" showGridLines="true" tabSelected="true" workbookViewId="0">'
             '<selection pane="topLeft" activeCell="A1" activeCellId="0" sqref="A1"/></sheetView></sheetViews>'
             '<sheetFormatPr defaultColWidth="11.53515625" defaultRowHeight="12.8" zeroHeight="false" '
             'outlineLevelRow="0" outlineLevelCol="0"/><sheetData>' + "".join(rows) + '</sheetData>'
             '<pageMargins left="0.7875" right="0.7875" top="1.05277777777778" bottom="1.05277777777778" '
             'header="0.7875" footer="0.7875"/></worksheet>')
    sst = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
           % (len(strings), len(strings)) +
           "".join('<si><t xml:space="preserve">%s</t></si>' % t for t in strings) + '</sst>')
    write_zip(os.path.join(HERE, "animals-lo.xlsx"), [
        ("_rels/.rels", LO_RELS), ("[Content_Types].xml", LO_TYPES), ("xl/_rels/workbook.xml.rels", LO_WB_RELS),
        ("xl/workbook.xml", LO_WORKBOOK), ("xl/styles.xml", LO_STYLES), ("xl/worksheets/sheet1.xml", sheet),
        ("xl/sharedStrings.xml", sst)])


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
          'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
          'office:version="1.3"')


def ods_cell(v):
    if v is None:
        return '<table:table-cell/>'
    if isinstance(v, bool):
        shown = "TRUE" if v else "FALSE"
        return ('<table:table-cell office:value-type="boolean" office:boolean-value="%s" calcext:value-type="boolean">'
                '<text:p>%s</text:p></table:table-cell>' % (str(v).lower(), shown))
    if isinstance(v, datetime.date):
        return ('<table:table-cell table:style-name="ce2" office:value-type="date" office:date-value="%s" '
                'calcext:value-type="date"><text:p>%s</text:p></table:table-cell>'
                % (v.isoformat(), v.strftime("%m/%d/%y")))
    if isinstance(v, float) and v < 1 and v in (0.25, 0.125):
        return ('<table:table-cell table:style-name="ce4" office:value-type="percentage" office:value="%s" '
                'calcext:value-type="percentage"><text:p>%d%%</text:p></table:table-cell>' % (v, int(v * 100 + 0.5)))
    if isinstance(v, (int, float)):
        shown = "%.2f" % v if isinstance(v, float) else str(v)
        return ('<table:table-cell office:value-type="float" office:value="%s" calcext:value-type="float">'
                '<text:p>%s</text:p></table:table-cell>' % (v, shown))
    text = v.replace("  ", " <text:s/>")  # LibreOffice writes the second of two spaces as text:s
    return '<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>%s</text:p></table:table-cell>' % text


def ods_row(cells, repeat=1):
    rep = ' table:number-rows-repeated="%d"' % repeat if repeat > 1 else ""
    return '<table:table-row table:style-name="ro1"%s>%s</table:table-row>' % (rep, cells)


def ods():
    rows = []
    for row in ANIMALS:
        if row is None:  # an empty row, and LibreOffice's empty tail of the row
            rows.append(ods_row('<table:table-cell table:number-columns-repeated="1024"/>'))
            continue
        rows.append(ods_row("".join(ods_cell(v) for v in row) +
                            '<table:table-cell table:number-columns-repeated="1015"/>'))
    # Text repeated across two cells, then the million empty rows a sheet ends with.
    rows.append(ods_row('<table:table-cell office:value-type="string" calcext:value-type="string" '
                        'table:number-columns-repeated="2"><text:p>Owl</text:p></table:table-cell>'
                        '<table:table-cell table:number-columns-repeated="1022"/>'))
    rows.append(ods_row('<table:table-cell table:number-columns-repeated="1024"/>', 1048570))
    animals = ('<table:table table:name="Animals" table:style-name="ta1">'
               '<table:table-column table:style-name="co1" table:number-columns-repeated="1024" '
               'table:default-cell-style-name="Default"/>' + "".join(rows) + '</table:table>')
    merged = ('<table:table table:name="Merged" table:style-name="ta1">'
              '<table:table-column table:style-name="co1" table:number-columns-repeated="2" '
              'table:default-cell-style-name="Default"/>' +
              ods_row(ods_cell("Name") + ods_cell("Latin name")) +
              ods_row('<table:table-cell table:number-columns-spanned="2" table:number-rows-spanned="1" '
                      'office:value-type="string" calcext:value-type="string"><text:p>Oak</text:p>'
                      '</table:table-cell><table:covered-table-cell/>') + '</table:table>')
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content %s><office:scripts/>'
               '<office:automatic-styles/><office:body><office:spreadsheet>'
               '<table:calculation-settings table:automatic-find-labels="false"/>%s%s'
               '<table:named-expressions/></office:spreadsheet></office:body></office:document-content>'
               % (ODS_NS, animals, merged))
    manifest = ('<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
                '<manifest:file-entry manifest:full-path="/" manifest:version="1.3" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>')
    write_zip(os.path.join(HERE, "animals.ods"), [
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"), ("content.xml", content),
        ("META-INF/manifest.xml", manifest)])


def words():
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    for row in [["word", "meaning", "picture", "points"], ["Shemesh", "sun", "pictures/sun.svg", 2],
                ["Shalom", "peace, wholeness", None, 2], ["Todah", "thanks", None, 1],
                ["Lehitra'ot", "see you again", None, 3]]:
        ws.append(row)
    save_openpyxl(wb, "words.xlsx")


def wide():
    cell = ('<table:table-cell office:value-type="string" table:number-columns-repeated="16000"><text:p>%s'
            '</text:p></table:table-cell>' % ("x" * 9000))
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content %s><office:body><office:spreadsheet>'
               '<table:table table:name="Wide">%s%s</table:table></office:spreadsheet></office:body>'
               '</office:document-content>' % (ODS_NS, ods_row(ods_cell("Name")), ods_row(cell, 10)))
    write_zip(os.path.join(HERE, "wide.ods"), [
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"), ("content.xml", content)])


def bomb():
    sst = ('<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
           '<si><t>' + " " * (65 << 20) + '</t></si></sst>')
    with zipfile.ZipFile(os.path.join(HERE, "bomb.xlsx"), "w") as z:
        for name, data in [("xl/_rels/workbook.xml.rels", LO_WB_RELS), ("xl/workbook.xml", LO_WORKBOOK),
                           ("xl/worksheets/sheet1.xml", '<worksheet><sheetData/></worksheet>'),
                           ("xl/sharedStrings.xml", sst)]:
            info = zipfile.ZipInfo(name, FIXED)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data, compresslevel=9)


def lying_bomb():
    """bomb.xlsx with the shared strings' uncompressed size set to 1000 in both headers."""
    b = bytearray(open(os.path.join(HERE, "bomb.xlsx"), "rb").read())
    name = b"xl/sharedStrings.xml"
    for sig, name_len_at, name_at, size_at in ((b"PK\x03\x04", 26, 30, 22), (b"PK\x01\x02", 28, 46, 24)):
        i = b.find(sig)
        while i >= 0:
            n = struct.unpack("<H", b[i + name_len_at:i + name_len_at + 2])[0]
            if b[i + name_at:i + name_at + n] == name:
                b[i + size_at:i + size_at + 4] = struct.pack("<I", 1000)
            i = b.find(sig, i + 4)
    open(os.path.join(HERE, "bomb-lying.xlsx"), "wb").write(bytes(b))


if __name__ == "__main__":
    openpyxl_xlsx()
    lo_xlsx()
    ods()
    words()
    wide()
    bomb()
    lying_bomb()
