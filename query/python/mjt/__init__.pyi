# SPDX-License-Identifier: MIT
# Type stubs of the mjt module (the C extension mjt._mjt and analyze).
from os import PathLike
from typing import Any, NamedTuple, Sequence, Union

from typing_extensions import Buffer

__version__: str
libmjt_version: str

# Text ("123m456p789s1122z", calls after commas), 34 counts (bytes, any
# buffer, a sequence of ints), tile ids (0-36) or tile names ("1m", "0p",
# mjai's "5mr", "E" ... "C").
Tiles = Union[str, Buffer, Sequence[int], Sequence[str]]

class HandError(ValueError):
    code: int
    offset: int | None

class Shanten(NamedTuple):
    standard: int
    chiitoitsu: int | None
    kokushi: int | None
    overall: int

class Ukeire(NamedTuple):
    tiles: list[str]
    count: int

class Discard(NamedTuple):
    tile: str
    shanten: int
    tiles: list[str]
    count: int

class Tables:
    def __init__(self, path: str | PathLike[str] | None = None) -> None: ...
    @property
    def closed(self) -> bool: ...
    @property
    def path(self) -> str | None: ...
    def close(self) -> None: ...
    def __enter__(self) -> Tables: ...
    def __exit__(self, *args: object) -> None: ...
    def shanten(self, hand: Tiles, *, players: int | None = None) -> Shanten: ...
    def ukeire(self, hand: Tiles, visible: Tiles | None = None, *,
               players: int | None = None) -> Ukeire: ...
    def discards(self, hand: Tiles, visible: Tiles | None = None, *,
                 players: int | None = None) -> list[Discard]: ...
    def waits(self, hand: Tiles, *, players: int | None = None) -> list[str]: ...
    def shapes(self, hand: Tiles, *,
               players: int | None = None) -> list[dict[str, Any]]: ...
    def decompositions(self, hand: Tiles, *,
                       players: int | None = None) -> list[dict[str, Any]]: ...
    def analyze(self, hand: Tiles, visible: Tiles | None = None, *,
                players: int | None = None) -> dict[str, Any]: ...
    def shanten_batch(self, counts: Buffer, *, players: int = 4,
                      threads: int = 1, out: Buffer | None = None) -> Any: ...
    def ukeire_batch(self, counts: Buffer, *, players: int = 4,
                     threads: int = 1) -> tuple[Any, Any]: ...

def counts(tiles: Tiles) -> list[int]: ...
def tile_id(name: str) -> int: ...
def tile_name(id: int) -> str: ...
