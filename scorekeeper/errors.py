"""The error hierarchy shared by every layer.

Each error carries the process exit code the command line turns it into (README, "Exit codes"):
1 a rule or input refused, 2 usage, 3 a data file that cannot be used, 4 database busy.
"""

from scorekeeper.i18n import N_, gettext, language

#: The refusals of a database path that names no file (``--db``, ``SCOREKEEPER_DB``): a folder
#: (``dir``, ``note.txt/.``) or a path through a file (``note.txt/x.json``).
DATABASE_IS_A_FOLDER = N_(
    "the database path {path} names a folder; give a database file (--db FILE, or SCOREKEEPER_DB)"
)
DATABASE_INSIDE_A_FILE = N_(
    "the database path {path} is inside a file; give a database file (--db FILE, or SCOREKEEPER_DB)"
)


class ScorekeeperError(Exception):
    """Base of every error scorekeeper reports to a user as a one-line message (exit code 1)."""

    exit_code = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class RuleError(ScorekeeperError):
    """Input that breaks a rule of the variant (a count the decks cannot hold, two sides out...)."""


class InputError(ScorekeeperError):
    """Input that cannot be read: a malformed entry, an unknown key, a bad number."""


class UsageError(ScorekeeperError):
    """A command used the wrong way (exit code 2)."""

    exit_code = 2


class DataFileError(ScorekeeperError):
    """A variant file or database file that cannot be used (exit code 3)."""

    exit_code = 3


class DatabaseBusy(ScorekeeperError):
    """Another process holds the database lock (exit code 4)."""

    exit_code = 4


class NotFound(ScorekeeperError):
    """A game, variant or side that does not exist."""


#: The reasons of the commonest failed file operations by errno name, in the catalogues (the
#: operating system's own text, English in this program, for any other).
_REASONS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "ENOSPC": N_("No space left on device"),
    "EROFS": N_("Read-only file system"),
    "EEXIST": N_("File exists"),
    "EADDRINUSE": N_("Address already in use"),
}


def refused_file(err: OSError) -> str | None:
    """The file the system refused in ``err``: a rename's target (where it would have gone),
    else the file named; None when none is."""
    return err.filename2 or err.filename


def os_reason(err: BaseException) -> str:
    """Why the operating-system call of ``err`` (an OSError) failed, in the language in use
    ("No such file or directory", "ファイルまたはディレクトリがありません"): in English, and
    for a reason the catalogues do not hold, the system's own words (else the error's text)."""
    import errno

    told = getattr(err, "strerror", None) or str(err)
    code = getattr(err, "errno", None)
    name = errno.errorcode.get(code) if isinstance(code, int) else None
    if name not in _REASONS or language() == "en":
        return told
    return gettext(_REASONS[name])
