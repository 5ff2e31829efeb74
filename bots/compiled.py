"""Compiled Chinchón modules: the same source, built into C extensions with mypyc.

The Chinchón points table, engine and heuristic bot are plain, fully typed
Python. ``python -m bots.compiled build`` (run by ``make kit`` and ``make test``)
compiles them with mypyc, the compiler that ships with mypy, into extension
modules beside the sources; Python then imports those instead, and the bots play
the same moves about twice as fast. Nothing depends on it: without a C compiler
the build says so and everything runs from the source.

A record of what was compiled (``bots/compiled.json``: a hash of each
compiled module's source and of every project module it is built against,
found by following their imports, with the Python and mypy versions) keeps
stale extensions out of use: if any of those changed since the build, or
``PNP_PURE_PYTHON=1`` is set, importing :mod:`bots.games.chinchon` loads the
Python source of the compiled modules instead (with a warning when stale).
``clean`` (and every build, first) removes every extension module under
``bots/`` by pattern, so an extension left by a renamed or removed module can
never shadow a source.

Commands: ``build`` (only if a source changed; ``--force`` to rebuild),
``status``, ``clean``.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

#: The modules compiled, in import order (each imports only those before it).
MODULES = (
    "bots.games.chinchon.actions",
    "bots.games.chinchon.records",
    "bots.games.chinchon.masks",
    "bots.games.chinchon.wild",
    "bots.games.chinchon.points_table",
    "bots.games.chinchon.scoring",
    "bots.games.chinchon.engine",
    "bots.games.chinchon.heuristic",
    "bots.games.chinchon.reading",
    "bots.games.chinchon.worlds",
    "bots.games.chinchon.monte_carlo",
)
#: The project folder (the one holding ``bots/``).
ROOT = Path(__file__).resolve().parent.parent
#: The record of the last build, beside this module.
RECORD = "bots/compiled.json"
#: The name of mypyc's shared library for the three modules (``bots/compiled__mypyc...``).
GROUP = "bots.compiled"
#: Set to a non-empty value to run the Python source even when compiled modules are current.
PURE_ENV = "PNP_PURE_PYTHON"


def source_of(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def extensions_of(module: str, root: Path = ROOT) -> list[Path]:
    """The compiled files of ``module`` present in ``root`` (any Python version)."""
    source = source_of(module, root)
    return sorted(source.parent.glob(source.stem + ".*.so"))


def _built_here(module: str, root: Path) -> Path:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return source_of(module, root).with_suffix(suffix)


#: Top-level packages of the project whose modules the compiled ones may be built against.
PROJECT_PACKAGES = ("bots", "pnp")


def _module_file(module: str, root: Path) -> Path | None:
    base = root.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def dependencies(root: Path = ROOT) -> list[str]:
    """Every project module the compiled modules are built against: :data:`MODULES` and,
    following ``import`` statements, each project module they import, and so on."""
    seen: set[str] = set()
    queue = list(MODULES)
    while queue:
        module = queue.pop()
        path = _module_file(module, root)
        if module in seen or path is None:
            continue
        seen.add(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if name.split(".")[0] in PROJECT_PACKAGES:
                    parts = name.split(".")
                    queue += [".".join(parts[:end]) for end in range(1, len(parts) + 1)]
    return sorted(seen)


def _mypy_version() -> str:
    try:
        from importlib.metadata import version

        return version("mypy")
    except Exception:  # no mypy: nothing can be built, and nothing was
        return "none"


def fingerprint(root: Path = ROOT) -> dict[str, str]:
    """A hash of each compiled module's source and of every module it is built against,
    and the Python and mypy versions it is built with."""
    found = {"python": sys.implementation.cache_tag or sys.version, "mypy": _mypy_version()}
    for module in dependencies(root):
        path = _module_file(module, root)
        assert path is not None
        found[module] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def stale_reason(root: Path = ROOT) -> str | None:
    """Why the compiled modules in ``root`` must not be used, or ``None`` if they may
    (also ``None`` when there are none: then the source is used anyway)."""
    if not any(_built_here(module, root).exists() for module in MODULES):
        return None
    if not all(_built_here(module, root).exists() for module in MODULES):
        return "some compiled modules are missing"
    try:
        record = json.loads((root / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return f"{RECORD} (the record of what was compiled) is missing or unreadable"
    current = fingerprint(root)
    for key in sorted(set(current) | set(record)):
        if record.get(key) != current.get(key):
            if key in ("python", "mypy"):
                what = f"the {'Python' if key == 'python' else 'mypy'} version"
            else:
                where = _module_file(key, root)
                what = str(where.relative_to(root)) if where is not None else key
            return f"{what} changed since the modules were compiled"
    stray = stray_extensions(root)
    if stray:
        return f"{stray[0].relative_to(root)} is left from an old build"
    return None


def stray_extensions(root: Path = ROOT) -> list[Path]:
    """Extension modules under ``bots/`` that are not of :data:`MODULES` (left by a module
    since renamed or no longer compiled): they would shadow a source of the same name."""
    current = {path for module in MODULES for path in extensions_of(module, root)}
    return [
        path
        for path in _all_extensions(root)
        if path not in current and not path.name.startswith("compiled__mypyc.")
    ]


def _all_extensions(root: Path) -> list[Path]:
    return sorted(path for path in (root / "bots").rglob("*.so") if path.is_file())


def compiled_in_use() -> bool:
    """Whether the imported Chinchón modules are the compiled ones."""
    loaded = [sys.modules.get(module) for module in MODULES]
    return all(
        module is not None and str(getattr(module, "__file__", "")).endswith(".so")
        for module in loaded
    )


def use_source_if_stale() -> None:
    """Make the coming imports of :data:`MODULES` load the Python source if the compiled
    modules are out of date or ``PNP_PURE_PYTHON`` is set. Called by
    ``bots/games/chinchon/__init__.py`` before it imports them."""
    forced = bool(os.environ.get(PURE_ENV))
    reason = None if forced else stale_reason()
    if not forced and reason is None:
        return
    if reason is not None:
        warnings.warn(
            f"compiled Chinchón modules not used: {reason}; running the Python source "
            "(rebuild with `make` or `python -m bots.compiled build`)",
            RuntimeWarning,
            stacklevel=2,
        )
    for module in MODULES:
        if module in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(module, source_of(module))
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[module] = loaded
        try:
            spec.loader.exec_module(loaded)
        except BaseException:
            del sys.modules[module]
            raise
        package, _, name = module.rpartition(".")
        setattr(sys.modules[package], name, loaded)


def clean(root: Path = ROOT) -> list[Path]:
    """Remove every extension module under ``bots/`` (by pattern: those of renamed or
    removed modules too), mypyc's shared library and the record."""
    removed = _all_extensions(root)
    removed += [path for path in (root / RECORD,) if path.exists()]
    for path in removed:
        path.unlink()
    return removed


@contextlib.contextmanager
def _in(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def build(root: Path = ROOT, force: bool = False) -> str:
    """Compile :data:`MODULES` in place unless they are current; say what happened.

    Raises ``RuntimeError`` if mypyc or the C compiler fails (nothing stale is left
    in use: the record is only written after a complete build).
    """
    if not force and stale_reason(root) is None and _built_here(MODULES[0], root).exists():
        return "compiled Chinchón modules are up to date"
    clean(root)
    work = root / "build" / "mypyc"
    shutil.rmtree(work, ignore_errors=True)
    # A separate process: mypyc type-checks the whole program and setuptools reads
    # sys.argv; neither should touch the caller's interpreter.
    program = (
        "import sys\n"
        "from mypyc.build import mypycify\n"
        "from setuptools import setup\n"
        f"paths = {[str(source_of(m, Path('.'))) for m in MODULES]!r}\n"
        f"setup(name='bots-compiled', py_modules=[], ext_modules=mypycify(paths, "
        f"group_name={GROUP!r}, target_dir={str(work / 'c')!r}),\n"
        f"      script_args=['-q', 'build_ext', '--inplace', '--build-temp', {str(work)!r}])\n"
    )
    with _in(root):
        done = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=False
        )
    if done.returncode != 0 or not all(_built_here(m, root).exists() for m in MODULES):
        clean(root)
        output = (done.stdout + done.stderr).strip().splitlines()
        raise RuntimeError(
            "mypyc could not compile the Chinchón modules:\n" + "\n".join(output[-15:])
        )
    (root / RECORD).write_text(json.dumps(fingerprint(root), indent=2) + "\n", encoding="utf-8")
    return "compiled " + ", ".join(MODULES)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bots.compiled", description=__doc__)
    parser.add_argument("command", choices=("build", "status", "clean"))
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    args = parser.parse_args(argv)
    if args.command == "clean":
        removed = clean()
        print(f"removed {len(removed)} file(s)")
        return 0
    if args.command == "status":
        if not any(extensions_of(module) for module in MODULES):
            print("not compiled: the Python source is used")
        else:
            reason = stale_reason()
            print("compiled and current" if reason is None else f"stale: {reason}")
        return 0
    try:
        print(build(force=args.force))
    except RuntimeError as error:
        print(f"warning: {error}", file=sys.stderr)
        print("warning: the bots will run as plain Python (slower, same moves)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
