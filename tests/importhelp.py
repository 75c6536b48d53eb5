"""The import statements of a module's source, read without running it: what
the layer and the import-graph tests both need."""

from __future__ import annotations

import ast
from collections.abc import Iterator


def from_imports(
    source: str, module: str, is_package: bool = False
) -> Iterator[tuple[str, list[str]]]:
    """Each import statement in ``source`` (the module ``module``), those
    inside functions and under ``TYPE_CHECKING`` too: the module it names
    (relative imports resolved) and the names it takes from it (``import
    x`` takes none)."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            yield target, [alias.name for alias in node.names]
