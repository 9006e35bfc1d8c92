#!/usr/bin/env python3
"""Writes Tests/DispatchServerTests/Fixtures/journal_export_1000.csv: the CSV export that
JournalCSVTests.aThousandEntryThreadMatchesTheFixture expects for the thread it builds.

An independent implementation on purpose: the rows come from the same formulas as the test's
SQL, the CSV from Python's own csv module (RFC 4180, minimal quoting, CRLF) after the
formula neutralising, so the fixture checks the SQL export rather than repeating it.
Run it again only when the fixture thread or the export format changes on purpose.
"""
import csv
import datetime
import pathlib
import re

BASE = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)


def content(i):
    return [
        f"Plain entry number {i}",
        f'=HYPERLINK("http://x","y") {i}',
        f"+{i} push-ups",
        f"-{i} degrees outside",
        f"@channel standup {i}",
        f"\tindented {i}",
        f"\rcarriage return {i}",
        f'He said "hi" {i}',
        f"apples, pears {i}",
        f"line one\nline two {i}",
        f"windows\r\nline {i}",
        f"café ☕ naïve 日本語 🙂 {i}",
        f"  spaces around {i}  ",
        f"trailing comma {i},",
        f"'already quoted {i}",
        f'mixed =a+b, "q"\r\n-x {i}',
    ][i % 16]


def values(i):
    """Mood, =cmd(), Run / Distance, km, Run / Time "min", Notes (the deleted field is left out)."""
    return [
        ["good", "=bad", "-meh", "so, so"][i % 4] if i % 3 == 0 else "",
        f"@x{i}" if i % 5 == 0 else "",
        (f"-{i}" if i % 11 == 0 else str(i % 42)) if i % 2 == 0 else "",
        f'"{i}"' if i % 4 == 0 else "",
        f"multi\nline {i}" if i % 10 == 0 else "",
    ]


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def neutralise(cell):
    # an apostrophe before a formula character at the start, or after any separator a
    # spreadsheet may split on (comma, semicolon, TAB, CR, LF)
    inside = re.sub(r"([,;\t\r\n])(?=[-=+@\t\r])", r"\1'", cell)
    return "'" + inside if cell[:1] in ("=", "+", "-", "@", "\t", "\r") else inside


def main():
    path = pathlib.Path(__file__).resolve().parent.parent / "Tests/DispatchServerTests/Fixtures/journal_export_1000.csv"
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
        header = ["timestamp", "last_edited_at", "content", "Mood", "=cmd()", "Run / Distance, km", 'Run / Time "min"', "Notes\nmore"]
        writer.writerow([neutralise(c) for c in header])
        rows = 0
        for i in range(1, 1011):
            if i % 101 == 0:
                continue  # deleted entries never appear
            written = BASE + datetime.timedelta(seconds=i * 3671)
            edited = stamp(written + datetime.timedelta(seconds=90)) if i % 7 == 0 else ""
            writer.writerow([neutralise(c) for c in [stamp(written), edited, content(i)] + values(i)])
            rows += 1
    print(f"{path}: {rows} entries")


if __name__ == "__main__":
    main()
