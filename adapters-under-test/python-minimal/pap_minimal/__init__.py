"""python-minimal: a partial, standard-library-only Portable Agent Packages draft 0.1 validator."""

NAME = "python-minimal"
VERSION = "0.1.0"


class Skip(Exception):
    """Raised when the verdict would depend on a rule this implementation does not implement."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
