"""The variant catalog: the variant files shipped in this package and the user's own.

Built-in variants are the ``*.toml`` files beside this module. A user's variants live in
``<user config folder>/variants/*.toml`` (platformdirs; ``SCOREKEEPER_CONFIG`` overrides the
folder); a user file with a built-in's name takes its place. ``base.toml`` is no variant: it
gives every rule's usual value, and every variant (and every game's stored rules) is read over
it. This module reads the files; the rules themselves are validated and built by
:mod:`scorekeeper.domain.variant` (one loader for ``new``, ``check``, ``points``, ``minimum``
and ``variants``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msgspec import Struct

from scorekeeper import variant_folders
from scorekeeper.domain.fields import FIELDS, SESSION_COMMANDS
from scorekeeper.domain.variant import (
    Variant,
    apply_options,
    build_variant,
    merge,
    resolve,
    validate_data,
)
from scorekeeper.errors import (
    DataFileError,
    InputError,
    NotFound,
    ScorekeeperError,
    UsageError,
    os_reason,
)
from scorekeeper.i18n import gettext as _
from scorekeeper.i18n import listing, number, unlabelled
from scorekeeper.variant_folders import user_variant_dir as user_variant_dir

#: The folder of the built-in files, and the base file (the usual value of every rule, under
#: every variant; not a variant itself): :mod:`scorekeeper.variant_folders` knows them.
BUILTIN_DIR = variant_folders.BUILTIN_DIR
BASE_FILE = variant_folders.BASE_FILE

_BASE: dict[str, Any] = {}


def base_rules() -> dict[str, Any]:
    """The data of the base file, read once. Callers merge over it (which copies) and never
    change it."""
    if not _BASE:
        found = builtin_data(BASE_FILE)
        assert found is not None, BASE_FILE  # the table holds every file of the package's
        _BASE.update(found)
    return _BASE


#: The package's own variant files as their TOML reads (``tools/builtin_variants.py`` writes
#: it from them, and a test holds it to them): read without parsing TOML.
BUILTIN_TABLE = variant_folders.BUILTIN_DIR / "builtin.json"

_BUILT_IN: dict[str, dict[str, Any]] = {}


def builtin_data(path: Path) -> dict[str, Any] | None:
    """The data of ``path`` when it is one of the package's own variant files (or its base
    file), from :data:`BUILTIN_TABLE`, read once and shared (callers never change it); None
    for any other file. The package's files are held to every check of a variant file by its
    tests, not on each read."""
    if path.parent != variant_folders.BUILTIN_DIR:
        return None
    if not _BUILT_IN:
        import json

        _BUILT_IN.update(json.loads(BUILTIN_TABLE.read_bytes())["files"])
    return _BUILT_IN.get(path.stem)


def variant_from_rules(rules: Mapping[str, Any], where: str = "variant") -> Variant:
    """Build the variant of the rules a game stored.

    Rules that hold every rule the base file gives build as they are; rules stored before a
    rule existed are read over the base file, so that rule takes its usual value (a game
    started before ``partnerships`` existed plays with fixed ones), and a canasta kind of a
    house variant that does not say its make-up keeps none, as when the game was started.
    Raises DataFileError as :func:`scorekeeper.domain.variant.build_variant` does. The rules
    are not held to the bounds of an input here: a game stored before there were such bounds
    is still read (README, the bounds paragraph); an import holds them to the bounds as it
    reads its file, and an export refuses a game beyond them
    (:func:`scorekeeper.storage.codec.check_exportable`).
    """
    try:
        return build_variant(rules, where, stored=True, checked=True)
    except DataFileError:
        return build_variant(merge(base_rules(), rules), where, stored=True, checked=True)


class VariantFile(Struct, frozen=True):
    """Where one variant's file is: its name, path, and whether it ships with scorekeeper."""

    name: str
    path: Path
    builtin: bool


#: A temporary file a write of a user variant file makes beside it (``variants init``:
#: :func:`scorekeeper.storage.files.temporary_prefix`, then ``tempfile``'s random letters):
#: ``.<name>.toml~XXXXXXXX.tmp``, the name as ``variants init`` takes it.
_VARIANT_TEMPORARY = r"\.[a-z0-9][a-z0-9_-]{0,39}\.toml~[a-z0-9_]+\.tmp"


def remove_stale_temporary_files(folder: Path | None = None, now: float | None = None) -> int:
    """Remove the temporary files a killed ``variants init`` left in the user variants
    ``folder`` (default :func:`user_variant_dir`): only plain files of its own temporary name
    (:data:`_VARIANT_TEMPORARY`) that are stale
    (:func:`scorekeeper.temporaries.remove_stale_temporaries`: last changed more than a
    minute before ``now``, default the time), so a write another command is making is never
    cut short. Returns how many were removed; a folder or file the system refuses is left
    alone."""
    from scorekeeper.temporaries import remove_stale_temporaries

    folder = folder if folder is not None else user_variant_dir()
    return remove_stale_temporaries(folder, _VARIANT_TEMPORARY, now)


def catalog() -> dict[str, VariantFile]:
    """Every variant by name, built-in first, then the user's (which replace same-named ones).
    A user's file whose name is no variant name
    (:func:`~scorekeeper.variant_folders.is_variant_name`: ``Classic.toml``,
    ``sp ace.toml``) is no variant: left out (``variants check`` says why)."""
    return {
        name: VariantFile(name, path, builtin)
        for name, (path, builtin) in variant_folders.variant_files().items()
    }


def read_file(path: Path) -> dict[str, Any]:
    """Read and check one variant file's own data (before ``extends`` is followed).

    Raises DataFileError naming the file when it cannot be read, is not TOML, or has a key or
    value the format does not allow. One of the package's own files is read from
    :func:`builtin_data`.
    """
    built_in = builtin_data(path)
    if built_in is not None:
        return built_in
    import tomllib

    from scorekeeper.domain.bounds import (
        MAX_INPUT_BYTES,
        check_data,
        nesting_refusal,
        number_refusal,
    )

    where = _("variant file {path}").format(path=path)
    try:
        # never waits on a pipe: opened without blocking, and read only when a plain file
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise DataFileError(_("{where} is not a plain file").format(where=where))
            raw = handle.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            raise DataFileError(
                _("{where} is larger than {mib} MiB").format(
                    where=where, mib=MAX_INPUT_BYTES // 2**20
                )
            )
        text = raw.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise DataFileError(
            _("cannot read {where}: {value}").format(where=where, value=os_reason(err))
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(toml_refusal(where, str(err))) from None
    except RecursionError:
        raise DataFileError(nesting_refusal(where)) from None
    except ValueError:  # an integer of thousands of digits: its line named
        raise DataFileError(number_refusal(_line_of_long_number(where, text))) from None
    check_data(data, where, DataFileError)
    validate_data(data, base_rules(), str(path))
    from scorekeeper.domain.schema import refuse_dates

    refuse_dates(data, str(path))  # where no rule says what it takes (an option's set)
    return data


def refuse_other_name(data: Mapping[str, Any], stem: str, where: str) -> None:
    """DataFileError when the variant file ``where`` gives a ``name`` other than its file's
    (``stem``): a variant is used by its file name, so a different ``name`` would be shown and
    stored for a variant chosen by another (README, "Variant files")."""
    given = data.get("name", stem)
    if given != stem:
        raise DataFileError(
            _(
                "{path}: 'name' is '{name}' but a variant is used by its file name ('{stem}'):"
                " make them the same"
            ).format(path=where, name=given, stem=stem)
        )


def rules_chain(
    name: str,
    first: Mapping[str, Any] | None = None,
    where: str = "",
    files: dict[str, VariantFile] | None = None,
) -> list[dict]:
    """The data of ``name`` and every variant it extends, root first.

    ``first`` is the data of the starting file when it was read already (``variants check``).
    A user file that extends the built-in variant of its own name (``classic.toml`` with
    ``extends = "classic"``) builds on the built-in file. Raises NotFound for an unknown variant
    and DataFileError for an ``extends`` cycle, a chain building on more than
    :data:`~scorekeeper.domain.limits.MAX_EXTENDS` variants, or a file whose ``name`` is not
    its file's (:func:`refuse_other_name`).
    """
    from scorekeeper.domain.limits import MAX_EXTENDS

    files = catalog() if files is None else files
    chain: list[dict[str, Any]] = []
    seen: list[str] = []
    data: Mapping[str, Any] | None = first
    current = name
    while True:
        if current in seen:
            cycle = " -> ".join([*seen, current])
            raise DataFileError(
                _("{where}: 'extends' makes a cycle: {cycle}").format(
                    where=where or current, cycle=cycle
                )
            )
        seen.append(current)
        if len(seen) > MAX_EXTENDS + 1:
            raise DataFileError(
                _(
                    "{where}: 'extends' builds on more than {most} variants ({chain} -> ...);"
                    " a variant builds on at most {most}"
                ).format(where=where or name, most=MAX_EXTENDS, chain=" -> ".join(seen[:3]))
            )
        if data is None:
            if current not in files:
                known = listing(sorted(files))
                from scorekeeper.domain.suggest import hint

                suggested = hint(current, files)
                raise NotFound(
                    _("no variant called '{name}' (variants: {names})").format(
                        name=current, names=known
                    )
                    + suggested
                )
            data = read_file(files[current].path)
            refuse_other_name(data, current, str(files[current].path))
        elif data is first:
            refuse_other_name(data, current, where or current)
        chain.append(dict(data))
        parent = data.get("extends")
        if isinstance(parent, str) and not parent.strip():
            raise DataFileError(
                _(
                    "{where}: 'extends' is empty: name the variant this one builds on (e.g."
                    ' extends = "classic"), or leave the key out'
                ).format(where=where or current)
            )
        if not parent:
            break
        builtin = BUILTIN_DIR / f"{parent}.toml"
        user_override = current in files and not files[current].builtin
        if parent == current and user_override and builtin.exists():
            files = {**files, parent: VariantFile(parent, builtin, True)}
            seen.remove(current)
            data = None
            continue
        if parent not in files:
            raise DataFileError(
                _("{where}: 'extends' names unknown variant '{parent}'").format(
                    where=where or current, parent=parent
                )
            )
        current, data = parent, None
    chain.reverse()
    return chain


def _line_of_long_number(where: str, text: str) -> str:
    """``where`` with the line of ``text`` holding the first run of more digits than Python
    converts (tomllib's ValueError names no place), as "FILE, line 3"."""
    import re

    found = re.search(r"[0-9][0-9_]{4000,}", text)
    if found is None:
        return where
    line = text.count("\n", 0, found.start()) + 1
    return _("{where}, line {line}").format(where=where, line=line)


def toml_refusal(where: str, error: str) -> str:
    """The refusal of a file ``where`` that is not TOML, from tomllib's ``error`` ("Invalid
    value (at line 3, column 5)"): where it stops reading said in the language, then the
    parser's own words (English) in brackets."""
    import re

    found = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", error)
    if found:
        return _("{where} is not valid TOML at line {line}, column {column} ({error})").format(
            where=where, line=found[2], column=found[3], error=found[1]
        )
    found = re.fullmatch(r"(.*) \(at end of document\)", error)
    if found:
        return _("{where} is not valid TOML at its end ({error})").format(
            where=where, error=found[1]
        )
    return _("{where} is not valid TOML: {err}").format(where=where, err=error)


def load_rules(
    name: str,
    settings: Mapping[str, str] | None = None,
    files: dict[str, VariantFile] | None = None,
) -> dict[str, Any]:
    """The resolved rules of variant ``name`` with options and ``--set`` values applied.

    A file that gives no ``title``, ``description`` or ``source`` of its own does not take its
    base's: its title is its name and its source says what it extends. Raises NotFound,
    DataFileError (a variant file that cannot be used: a user file as :func:`check_file`
    judges it, every setting of its options included) or UsageError (a ``--set`` value the
    rules cannot take: exit 2, as any option's value of the wrong form).
    """
    chain = rules_chain(name, files=files)
    found = (files if files is not None else catalog()).get(name)
    if found is not None and not found.builtin:  # usable as 'variants check' says: every
        check_file(found.path)  # option's setting too, not only those a game turns on
    rules = resolve([base_rules(), *chain])
    own = chain[-1]
    rules["name"] = name
    if len(chain) > 1:
        if "title" not in own:
            rules["title"] = name
        if "description" not in own:
            rules["description"] = f"House rules based on {own.get('extends')}."
        if "source" not in own:
            rules["source"] = f"a variant file extending {own.get('extends')}"
    if not settings:
        return apply_options(rules, {}, where=name)[0]
    try:
        return apply_options(rules, settings, where="--set")[0]
    except InputError as err:  # an option's value of the wrong form (README, "Exit codes")
        raise UsageError(err.message) from None


def load_variant(name: str, settings: Mapping[str, str] | None = None) -> Variant:
    """Load variant ``name`` (built-in or user) ready for scoring.

    Raises NotFound, DataFileError (a file that cannot be used) or UsageError (a bad setting).
    """
    files = catalog()
    where = str(files[name].path) if name in files else name
    rules = load_rules(name, settings, files)
    if not settings:
        variant = build_variant(rules, where, checked=True)
        check_names(variant, where)
        return variant
    try:
        variant = build_variant(rules, "--set", checked=True)
        check_names(variant, where)
        return variant
    except DataFileError as err:
        given = " ".join(f"{k}={v}" for k, v in settings.items())
        raise UsageError(
            _("{error} (from --set {given})").format(
                error=unlabelled(err.message, "--set"), given=given
            )
        ) from None


def check_file(path: Path) -> Variant:
    """Validate a variant file and everything it extends; returns the variant it defines.
    DataFileError (exit 3) for what the file holds, and for a file name no variant folder
    would list: its name must be ``<variant name>.toml``, the suffix in lower case (README,
    ``variants check``)."""
    if path.suffix != ".toml":
        raise DataFileError(
            _(
                "{path}: a variant file's name ends in .toml (in lower case), or no variant"
                " folder lists it: name it {name}.toml"
            ).format(path=path, name=path.stem if path.suffix else path.name)
        )
    if not variant_folders.is_variant_name(path.stem):
        raise DataFileError(
            _(
                "{path}: '{stem}' cannot be a variant name, and a variant is used by its file"
                " name: name the file with up to 40 lower-case letters, digits, - and _"
                " (e.g. house.toml)"
            ).format(path=path, stem=path.stem)
        )
    data = read_file(path)
    name = path.stem
    rules = resolve([base_rules(), *rules_chain(name, first=data, where=str(path))], str(path))
    rules["name"] = name
    variant = build_variant(_with_options(rules, {}, path), str(path))
    check_names(variant, str(path))
    for option, values in _option_values(rules.get("options", {}), path).items():
        for value in values:  # every setting of every option builds a variant of its own
            try:
                build_variant(_with_options(rules, {option: value}, path), str(path))
            except DataFileError as err:
                raise DataFileError(
                    f"{err.message} (with option {option}={value})"
                    if err.message.startswith(str(path))
                    else f"{path}: option '{option}' = {value}: {err.message}"
                ) from None
    return variant


def _with_options(rules: dict[str, Any], settings: Mapping[str, str], path: Path) -> dict:
    """``rules`` with their options applied as ``settings`` chooses; DataFileError naming the
    file when an option's ``set`` or ``choices`` patch does not fit the rules."""
    try:
        return apply_options(rules, settings, where=str(path))[0]
    except InputError as err:
        which = listing(f"{k}={v}" for k, v in settings.items()) or _("the defaults")
        raise DataFileError(
            _("{path}: options ({which}): {message}").format(
                path=path, which=which, message=err.message
            )
        ) from None


def _names_a_rule(name: str) -> bool:
    """True when ``name`` is the key path of a rule (``target``, ``canastas.natural.bonus``),
    which an option of that name would hide from ``--set``."""
    from scorekeeper.domain.schema import type_at

    try:
        type_at(name)
    except ScorekeeperError:
        return False
    return True


def _option_name_refusal(name: str) -> str | None:
    """Why no ``--set NAME=VALUE`` could choose the option ``name`` as it should (a message
    with ``{path}`` and ``{name}`` to fill), or None: a name holding ``=`` (the key ends at
    the first), one ``--set`` reads otherwise (spaces around it, full-width letters), or a
    rule's key path, which the option would hide."""
    from scorekeeper.domain.names import ascii_field

    if "=" in ascii_field(name) or not name.strip():
        return _(
            "{path}: the option '{name}' could not be set: --set NAME=VALUE reads NAME up to"
            " the first '='; give it a name without one"
        )
    if ascii_field(name).strip() != name:
        return _(
            "{path}: the option '{name}' could not be set: --set reads a name with spaces"
            " around it taken away and full-width letters as ASCII; give it the name as --set"
            " reads it"
        )
    if _names_a_rule(name):
        return _(
            "{path}: the option '{name}' has the name of a rule, which --set {name}=... would"
            " no longer set: give the option another name"
        )
    return None


def _option_values(options: Mapping[str, Any], path: Path) -> dict[str, list[str]]:
    """Each option's settings to try: a switch's on and off, each of a choice's values.
    DataFileError for a ``default`` the option does not allow."""
    from scorekeeper.domain.schema import shown_value

    out: dict[str, list[str]] = {}
    for name, opt in options.items():
        refusal = _option_name_refusal(name)
        if refusal is not None:
            raise DataFileError(refusal.format(path=path, name=name))
        default = opt.get("default", False)
        if "choices" in opt:
            if default not in opt["choices"]:
                allowed = listing(opt["choices"])
                raise DataFileError(
                    _(
                        "{path}: 'options.{name}.default' is {default}; it is one of: {allowed}"
                    ).format(path=path, name=name, default=shown_value(default), allowed=allowed)
                )
            out[name] = [str(c) for c in opt["choices"]]
        else:
            if not isinstance(default, bool):
                raise DataFileError(
                    _(
                        "{path}: 'options.{name}.default' is {default}; a switch is true or false"
                    ).format(path=path, name=name, default=shown_value(default))
                )
            out[name] = ["true", "false"]
    return out


#: Keys of a variant that describe it rather than score it; ``variants init`` does not copy them.
_DESCRIPTIVE = ("name", "title", "description", "source", "options", "chosen_options", "family")


def template(name: str, base: str) -> str:
    """The text of a new user variant file ``name`` that extends ``base``.

    Every rule of ``base`` is listed, commented out, so a user uncomments and edits only what
    differs. Raises NotFound for an unknown base.
    """
    import tomli_w

    rules = load_rules(base)
    title = f"{rules.get('title', base)} (house rules)"
    body = {k: v for k, v in rules.items() if k not in _DESCRIPTIVE}
    options = rules.get("options", {})
    lines = [
        f"# {name}: house rules based on {base}.",
        f"# Only what differs from {base} needs to be here: uncomment a line (and the [table]",
        "# line above it) and change its value. 'scorekeeper variants show "
        f"{base}' explains each rule;",
        f"# 'scorekeeper variants check {name}' checks the file.",
        "",
        tomli_w.dumps({"name": name, "extends": base, "title": title}).rstrip(),
        "",
    ]
    for line in tomli_w.dumps(body).splitlines():
        lines.append(f"# {line}" if line.strip() else "")
    if options:
        lines += [
            "",
            f"# Options of {base}, switched on per game with 'new --set NAME=VALUE' (a file may",
            "# also change an option's default):",
        ]
        for line in tomli_w.dumps({"options": options}).splitlines():
            lines.append(f"# {line}" if line.strip() else "")
    return "\n".join(lines) + "\n"


def variant_file(file: str) -> Path:
    """The variant file ``file`` names: a path, else the name of a variant in the catalog.
    Raises DataFileError when it is neither."""
    path = Path(file).expanduser()
    if path.exists():
        return path
    known = catalog()
    if file in known:
        return known[file].path
    raise DataFileError(_("no variant file {file}").format(file=file))


def check_names(
    variant: Variant, where: str, error: type[ScorekeeperError] = DataFileError
) -> None:
    """``error`` (DataFileError for a variant file, InputError for an import) for a canasta
    kind, alias, penalty or special hand whose name is empty, holds a character a name may not
    (:func:`scorekeeper.domain.names.unseen_character`: "natural" and "natural" + U+200B would
    be two kinds a player cannot tell apart), or is already an item of a hand entry (``out``,
    ``red``, ``meld``...: README, "One-line entries"), which a one-line entry could then not
    tell apart, or holds what a one-line entry reads as a separator (a space in any name; ``=``
    or ``:`` in the name of a canasta kind, alias or penalty), which no entry could type; and
    for a title (the variant's, a canasta kind's, a penalty's, a special
    hand's, a canasta set's) holding a line break or a tab, or beginning with a combining mark
    (:func:`scorekeeper.domain.names.begins_with_mark`): a title is one line of a table or a
    heading."""
    import re

    from scorekeeper.domain.limits import MAX_NAME
    from scorekeeper.domain.names import (
        ascii_field,
        begins_with_mark,
        item_key,
        refused_name,
        unseen_character,
    )

    items = {n for f in FIELDS for n in (*f.names, *f.json)}
    named = [(f"canastas.{k}", n) for k, c in variant.canastas.items() for n in (k, *c.aliases)]
    named += [(f"penalties.{k}", k) for k in variant.penalties]
    named += [(f"special_hands.{k}", k) for k in variant.special_hands]
    titled = [("title", variant.title)]
    titled += [(f"canastas.{k}.title", c.title) for k, c in variant.canastas.items()]
    titled += [(f"penalties.{k}.title", p.title) for k, p in variant.penalties.items()]
    titled += [(f"special_hands.{k}.title", h.title) for k, h in variant.special_hands.items()]
    titled += [(f"canasta_sets.{k}.title", c.title) for k, c in variant.canasta_sets.items()]
    for table, title in titled:
        if isinstance(title, str) and ("\n" in title or "\t" in title or "\r" in title):
            raise error(
                _("{where}: {table} holds a line break or a tab; a title is one line").format(
                    where=where, table=table
                )
            )
        if isinstance(title, str) and begins_with_mark(title) is not None:
            raise error(
                _(
                    "{where}: {table} begins with a combining mark ({code}), which shows only"
                    " on the character before it; begin the title with a letter, digit or sign"
                ).format(where=where, table=table, code=f"U+{ord(begins_with_mark(title)):04X}")
            )
    # item_key -> (table, name): one item a key, among the canasta kinds and penalties (one
    # entry's items) and among the special hands (the values of special=)
    typed: dict[tuple[bool, str], tuple[str, str]] = {}
    for table, name in named:
        if not name.strip():
            raise error(
                _("{where}: {table} has an empty name or alias").format(where=where, table=table)
            )
        if len(name) > MAX_NAME:
            raise error(
                _(
                    "{where}: {table}: a name is {n} characters long; names are at most {most}"
                ).format(where=where, table=table, n=number(len(name)), most=number(MAX_NAME))
            )
        key = (table.startswith("special_hands."), item_key(name))
        other = typed.setdefault(key, (table, name))
        if other[0] != table:
            raise error(
                _(
                    "{where}: {table}: '{name}' and '{other}' of {other_table} are one item in an"
                    " entry, which takes case, width and the forms of i as one; give one of them"
                    " another name"
                ).format(where=where, table=table, name=name, other=other[1], other_table=other[0])
            )
        odd = unseen_character(name)
        if odd is not None:
            raise error(
                _(
                    "{where}: {table}: the name {name} holds an invisible or control character"
                    " ({code}); names are visible characters only"
                ).format(
                    where=where, table=table, name=refused_name(name), code=f"U+{ord(odd):04X}"
                )
            )
        if table.startswith("penalties."):  # 'nat' would take 'nat=1', a natural canasta
            begun = [
                other
                for kind, other in named
                if kind.startswith("canastas.")
                and item_key(other) != item_key(name)
                and item_key(other).startswith(item_key(name))
            ]
            if begun:
                raise error(
                    _(
                        "{where}: {table}: '{name}' begins the canasta kind '{other}', whose"
                        " short form (as nat for natural) it would take over; give the penalty"
                        " a name that begins no canasta kind"
                    ).format(where=where, table=table, name=name, other=begun[0])
                )
        if item_key(name) in items:
            raise error(
                _(
                    "{where}: {table}: '{name}' is an item of a hand entry ({items}); give the"
                    " kind another name"
                ).format(where=where, table=table, name=name, items=listing(sorted(items)))
            )
        if not table.startswith("special_hands.") and not item_key(name)[:1].isalpha():
            raise error(  # '-' is an entry of its own, '2' a side's number
                _(
                    "{where}: {table}: '{name}' does not begin with a letter; an item's name"
                    " begins with one"
                ).format(where=where, table=table, name=name)
            )
        if not table.startswith("special_hands.") and item_key(name) in SESSION_COMMANDS:
            raise error(
                _(
                    "{where}: {table}: '{name}' is a command of play; give the kind another name"
                ).format(where=where, table=table, name=name)
            )
        # a one-line entry splits items at spaces, a key from its value at the first = or :
        special = table.startswith("special_hands.")
        # as an entry reads it: a full-width ＝ or ： is = or : (ascii_field maps one to one)
        read = ascii_field(name) if len(ascii_field(name)) == len(name) else name
        cut = next(
            (
                c
                for c, r in zip(name, read, strict=True)
                if r.isspace() or (r in "=:" and not special)
            ),
            None,
        )
        if cut is not None:
            said = (
                _(
                    "{where}: {table}: the name '{name}' holds {char}, which a one-line entry"
                    " reads as a separator; a special hand's name holds no space (e.g. {example})"
                )
                if special
                else _(
                    "{where}: {table}: the name '{name}' holds {char}, which a one-line entry"
                    " reads as a separator; an entry item's name holds no space, '=' or ':'"
                    " (e.g. {example})"
                )
            )
            split = r"[\s=:]+" if not special else r"\s+"
            words = [w for w in re.split(split, ascii_field(name)) if w]
            raise error(
                said.format(
                    where=where,
                    table=table,
                    name=name,
                    char=f"U+{ord(cut):04X}" if cut.isspace() else f"'{cut}'",
                    example="_".join(words) or "_",
                )
            )
