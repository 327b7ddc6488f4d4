"""One error hierarchy. Input errors carry the location the CLI prints as ``path:line:col: message``."""

from __future__ import annotations


class LawalignError(Exception):
    """Base of every error lawalign raises on purpose."""


class InputError(LawalignError):
    """Bad input: empty, binary, undecodable, too large, malformed, not a law text.

    The CLI prints ``str(err)`` (``path:line:col: message``) and exits 2.
    """

    def __init__(self, path: str, message: str, line: int = 0, col: int = 0, snippet: str = "") -> None:
        self.path = path
        self.message = message
        self.line = line
        self.col = col
        self.snippet = snippet
        super().__init__(self.__str__())

    def __str__(self) -> str:
        loc = self.path
        if self.line:
            loc += f":{self.line}"
            if self.col:
                loc += f":{self.col}"
        text = f"{loc}: {self.message}"
        if self.snippet:
            text += f" (near {self.snippet!r})"
        return text


class WriteError(InputError):
    """The environment refused a write: full disk, no permission, a folder where a file should go.

    Printed like an input error (``path: message``, exit 2); nothing half-written is left behind.
    """


class StructureError(LawalignError):
    """The text decoded but carries no law structure lawalign can recognise."""


class ConfigError(LawalignError):
    """A manifest, profile, skeleton or option is wrong; the message lists what is valid."""


class ModelError(LawalignError):
    """An embedding model could not be loaded (missing package, missing folder, no network)."""


def unknown_name(kind: str, name: str, valid: list[str] | tuple[str, ...]) -> ConfigError:
    """The error for a pluggable part asked for by a name that is not registered."""
    return ConfigError(f"unknown {kind} {name!r}; valid: {', '.join(sorted(valid))}")
