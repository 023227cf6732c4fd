# Parses JUnit XML with Python's expat-based ElementTree (as Python JUnit consumers do) and
# prints the element tree as JSON: {"tag", "attrs", "text", "children"}. Exits 1 on a parse error.
import json
import sys
import xml.etree.ElementTree as ET


def tree(element):
    return {
        "tag": element.tag,
        "attrs": dict(element.attrib),
        "text": element.text or "",
        "children": [tree(child) for child in element],
    }


try:
    root = ET.parse(sys.argv[1]).getroot()
except ET.ParseError as error:
    print("parse error: %s" % error, file=sys.stderr)
    sys.exit(1)
json.dump(tree(root), sys.stdout)
