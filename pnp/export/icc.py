"""The ICC profile the CMYK print files carry: what their ink values mean.

No press profile (FOGRA, SWOP, GRACoL) ships with the kit or comes free and offline,
and none would be honest: the CMYK values are not separated for any press, they come
from the textbook conversion of :mod:`pnp.export.colour`. So the kit writes its own
small profile (ICC version 2, an output profile in the Lab-free XYZ connection space)
that says exactly that conversion backwards: these inks mean this sRGB colour,

    R = (1 - C)(1 - K),  G = (1 - M)(1 - K),  B = (1 - Y)(1 - K)  (sRGB, D50-adapted),

and, the other way, sRGB through :func:`pnp.export.colour.to_cmyk`'s formula. A print
shop's colour management that reads it converts the files to its own press the way it
converts an sRGB picture; one that ignores it prints the values as they are. The same
data gives the same bytes (the date is fixed).
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Sequence
from itertools import product

import numpy as np

#: The D50 white of the connection space.
D50 = (0.9642, 1.0, 0.8249)
#: Linear sRGB to XYZ, adapted to D50 (Bradford), and back.
SRGB_TO_XYZ = np.array(
    [
        [0.4360747, 0.3850649, 0.1430804],
        [0.2225045, 0.7168786, 0.0606169],
        [0.0139322, 0.0971045, 0.7141733],
    ]
)
XYZ_TO_SRGB = np.linalg.inv(SRGB_TO_XYZ)
DESCRIPTION = "pnp kit CMYK (sRGB, full black generation)"
COPYRIGHT = "No copyright: made by the pnp card game publisher, free to use"
#: Grid points of the two colour tables (ink to colour, colour to ink) on each axis.
INK_GRID = 5
COLOUR_GRID = 9
#: Entries of the curves before the colour-to-ink table.
CURVE_ENTRIES = 256


def _decode(values: np.ndarray) -> np.ndarray:
    """sRGB to linear light."""
    return np.where(values <= 0.04045, values / 12.92, ((values + 0.055) / 1.055) ** 2.4)


def _encode(values: np.ndarray) -> np.ndarray:
    """Linear light to sRGB."""
    values = np.clip(values, 0.0, 1.0)
    return np.where(values <= 0.0031308, values * 12.92, 1.055 * values ** (1 / 2.4) - 0.055)


def inks_to_xyz(inks: np.ndarray) -> np.ndarray:
    """CMYK (0 to 1, last axis) to the D50 XYZ colour they mean."""
    cyan, magenta, yellow, black = np.moveaxis(inks, -1, 0)
    rgb = np.stack([(1 - cyan) * (1 - black), (1 - magenta) * (1 - black),
                    (1 - yellow) * (1 - black)], axis=-1)  # fmt: skip
    return np.asarray(_decode(rgb) @ SRGB_TO_XYZ.T)


def xyz_to_inks(xyz: np.ndarray) -> np.ndarray:
    """D50 XYZ (last axis) to CMYK by :func:`pnp.export.colour.to_cmyk`'s formula."""
    rgb = _encode(xyz @ XYZ_TO_SRGB.T)
    brightest = rgb.max(axis=-1)
    safe = np.where(brightest > 0, brightest, 1.0)
    colour = (brightest[..., None] - rgb) / safe[..., None]
    return np.concatenate([colour, (1 - brightest)[..., None]], axis=-1)


def _u16(values: Sequence[float] | np.ndarray) -> bytes:
    array = np.clip(np.rint(np.asarray(values, dtype=np.float64) * 65535), 0, 65535)
    return array.astype(">u2").tobytes()


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _lut16(inputs: int, outputs: int, grid: int, curves: Sequence[np.ndarray],
           table: Callable[[np.ndarray], np.ndarray]) -> bytes:  # fmt: skip
    """An ``mft2`` tag: identity matrix, ``curves`` (one per input, values 0 to 1),
    a colour table of ``grid`` points an axis filled by ``table`` (from the grid's
    inputs, 0 to 1, to the outputs, 0 to 1), and straight output curves."""
    identity = b"".join(_s15(1.0 if row == column else 0.0)
                        for row in range(3) for column in range(3))  # fmt: skip
    nodes = np.array(list(product(np.linspace(0, 1, grid), repeat=inputs)))  # first input slowest
    return b"".join([
        b"mft2", bytes(4), struct.pack(">BBBB", inputs, outputs, grid, 0), identity,
        struct.pack(">HH", len(curves[0]), 2),
        *(_u16(curve) for curve in curves),
        _u16(table(nodes).reshape(-1)),
        _u16([0.0, 1.0]) * outputs,
    ])  # fmt: skip


#: XYZ in a 16-bit table: 0 to 1 + 32767/32768.
XYZ_SCALE = 1 + 32767 / 32768


@functools.cache
def cmyk_profile() -> bytes:
    """The profile's bytes (the same every time)."""
    # ink to colour: the grid spaced so that the table is nearly linear between its points
    ink_curve = 1 - (1 - np.linspace(0, 1, CURVE_ENTRIES)) ** 2.2

    def ink_table(nodes: np.ndarray) -> np.ndarray:
        inks = 1 - (1 - nodes) ** (1 / 2.2)  # the grid's points back to ink
        return inks_to_xyz(inks) / XYZ_SCALE

    # colour to ink: XYZ 0 to 1 spread over the grid perceptually
    encoded = np.linspace(0, 1, CURVE_ENTRIES)
    colour_curve = np.minimum(1.0, encoded * XYZ_SCALE) ** (1 / 2.2)

    def colour_table(nodes: np.ndarray) -> np.ndarray:
        return xyz_to_inks(nodes**2.2)

    tags = {
        b"desc": _description(DESCRIPTION),
        b"cprt": b"text" + bytes(4) + COPYRIGHT.encode("ascii") + b"\0",
        b"wtpt": b"XYZ " + bytes(4) + b"".join(_s15(v) for v in D50),
        b"A2B0": _lut16(4, 3, INK_GRID, [ink_curve] * 4, ink_table),
        b"B2A0": _lut16(3, 4, COLOUR_GRID, [colour_curve] * 3, colour_table),
    }
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, data = [], b""
    for signature, body in tags.items():
        padded = body + bytes(-len(body) % 4)
        entries.append(struct.pack(">4sII", signature, offset + len(data), len(body)))
        data += padded
    size = offset + len(data)
    header = b"".join([
        struct.pack(">I", size), b"lcms", struct.pack(">I", 0x02100000), b"prtr", b"CMYK",
        b"XYZ ", struct.pack(">6H", 2026, 1, 1, 0, 0, 0), b"acsp", bytes(4), bytes(4),
        bytes(4), bytes(4), bytes(8), struct.pack(">I", 0),
        b"".join(_s15(v) for v in D50), b"pnp ", bytes(16), bytes(28),
    ])  # fmt: skip
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + data


def _description(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))  # fmt: skip
