"""Reading and decoding a PLUGIN.toml within the decoding bounds of SPEC 2.8."""
import os
import stat
import tomllib

from . import Skip

MAX_MANIFEST_BYTES = 1048576  # PAP-STRUCT-BOUND-MANIFEST-SIZE
MAX_DEPTH = 32                # PAP-STRUCT-BOUND-NESTING (root table is level 0)
MAX_STRING_BYTES = 16384      # PAP-STRUCT-BOUND-STRING-BYTES (values and keys)
MAX_ARRAY_ENTRIES = 1024      # PAP-STRUCT-BOUND-ARRAY-ENTRIES


class Refused(Exception):
    """The manifest cannot be decoded within the bounds; the message says why."""


def read_manifest(path: str) -> tuple[bytes, dict]:
    """Return (raw bytes, decoded document) or raise Refused. The caller has lstat-checked
    that `path` is a regular file."""
    size = os.lstat(path).st_size
    if size > MAX_MANIFEST_BYTES:
        raise Refused(f"manifest is {size} bytes, more than the {MAX_MANIFEST_BYTES}-byte bound")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused("manifest is not a regular file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            total += len(chunk)
            if total > MAX_MANIFEST_BYTES:
                raise Refused(f"manifest is more than the {MAX_MANIFEST_BYTES}-byte bound")
            chunks.append(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise Skip("the manifest starts with a UTF-8 byte order mark: SPEC 2.8 (PAP-STRUCT-TOML-SYNTAX) does not "
                   "say whether one is allowed, so the verdict is not implemented rather than guessed")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Refused(f"manifest is not valid UTF-8 ({err.reason} at byte {err.start})") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise Refused(f"manifest is not valid TOML: {err}") from None
    except RecursionError:
        raise Refused(f"manifest is nested deeper than {MAX_DEPTH} levels") from None
    check_bounds(doc)
    return raw, doc


def check_bounds(doc: dict) -> None:
    """Walk the decoded document iteratively; raise Refused at the first bound it exceeds."""
    stack = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)) and depth > MAX_DEPTH:
            raise Refused(f"manifest is nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key.encode("utf-8", "surrogatepass")) > MAX_STRING_BYTES:
                    raise Refused(f"a key is longer than {MAX_STRING_BYTES} UTF-8 bytes")
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if len(value) > MAX_ARRAY_ENTRIES:
                raise Refused(f"an array has {len(value)} entries, more than {MAX_ARRAY_ENTRIES}")
            for item in value:
                stack.append((item, depth + 1))
        elif isinstance(value, str):
            if len(value.encode("utf-8", "surrogatepass")) > MAX_STRING_BYTES:
                raise Refused(f"a string value is longer than {MAX_STRING_BYTES} UTF-8 bytes")
