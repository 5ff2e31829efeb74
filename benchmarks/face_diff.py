"""Compare two sets of card images side by side: what changed when a face was redrawn.

Give it two folders of card images as ``pnp build`` writes them (``dist/images``): every
PNG found in both is compared pixel by pixel, and a table lists the sides that differ,
most changed first: the share of pixels whose colour moved by more than ``--tolerance``
(0-255, on any channel), and the largest move. With ``--out DIR``, each changed side is
written there as a picture of before | after | the difference (amplified), to look at.

    .venv/bin/python benchmarks/face_diff.py /tmp/before/images dist/images --out /tmp/diff

Antialiasing alone moves a few edge pixels a little; a share under 0.5% with a largest
move under 80 is usually that. Anything else is a change to look at and to say.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops


@dataclass(frozen=True)
class Change:
    name: str
    share: float
    largest: int
    note: str = ""


def compare(before: Path, after: Path, tolerance: int) -> tuple[Change, Image.Image | None]:
    """How much ``after`` differs from ``before``, and a picture of it when it does."""
    with Image.open(before) as old_file, Image.open(after) as new_file:
        old, new = old_file.convert("RGB"), new_file.convert("RGB")
    name = after.as_posix()
    if old.size != new.size:
        return Change(name, 1.0, 255, f"size {old.size} -> {new.size}"), None
    difference = ImageChops.difference(old, new)
    bands = difference.split()
    largest = max(int(band.getextrema()[1]) for band in bands)  # type: ignore[arg-type]
    if largest <= tolerance:
        return Change(name, 0.0, largest), None
    mask = bands[0].point(lambda v: 255 if v > tolerance else 0)
    for band in bands[1:]:
        mask = ImageChops.lighter(mask, band.point(lambda v: 255 if v > tolerance else 0))
    histogram = mask.histogram()
    share = histogram[255] / (old.width * old.height)
    amplified = difference.point(lambda v: min(255, v * 4))
    sheet = Image.new("RGB", (old.width * 3, old.height), "white")
    for index, picture in enumerate((old, new, amplified)):
        sheet.paste(picture, (index * old.width, 0))
    return Change(name, share, largest), sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the images before (a dist/images folder)")
    parser.add_argument("after", type=Path, help="the images after")
    parser.add_argument("--tolerance", type=int, default=24, help="colour move ignored (0-255)")
    parser.add_argument("--out", type=Path, help="write a picture of each changed side here")
    parser.add_argument("--game", help="only this game's images")
    args = parser.parse_args()
    olds = {p.relative_to(args.before): p for p in sorted(args.before.rglob("*.png"))}
    news = {p.relative_to(args.after): p for p in sorted(args.after.rglob("*.png"))}
    if args.game:
        olds = {k: v for k, v in olds.items() if k.parts[0] == args.game}
        news = {k: v for k, v in news.items() if k.parts[0] == args.game}
    changes = []
    for relative in sorted(olds.keys() & news.keys()):
        change, picture = compare(olds[relative], news[relative], args.tolerance)
        changes.append(Change(relative.as_posix(), change.share, change.largest, change.note))
        if picture is not None and args.out is not None:
            target = args.out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            picture.save(target)
    changed = sorted((c for c in changes if c.share > 0), key=lambda c: (-c.share, c.name))
    for change in changed:
        note = f"  {change.note}" if change.note else ""
        print(f"{change.share:7.2%}  {change.largest:3d}  {change.name}{note}")
    only_before = sorted(olds.keys() - news.keys())
    only_after = sorted(news.keys() - olds.keys())
    for relative in only_before:
        print(f"   gone       {relative.as_posix()}")
    for relative in only_after:
        print(f"   new        {relative.as_posix()}")
    print(
        f"{len(changes)} sides compared: {len(changes) - len(changed)} alike, "
        f"{len(changed)} changed; {len(only_before)} only before, {len(only_after)} only after"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
