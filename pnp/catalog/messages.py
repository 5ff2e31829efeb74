"""Turning pydantic's validation errors into sentences about card data."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel, Tag, ValidationError
from pydantic_core import ErrorDetails

from pnp.catalog.yamlsource import PathKey

#: How the tags of discriminated unions in catalog models begin (``Tag("union:fill")``):
#: pydantic names the tag in an error's location, which is no key of the data.
UNION_TAG_PREFIX = "union:"


@dataclass(frozen=True)
class FieldError:
    """A validation error at ``path`` (relative to the validated record)."""

    path: PathKey
    message: str


def shown(value: Any) -> str:
    """A value as quoted in a message; long values are shortened."""
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (tuple, list)):
        return "a list"
    if value is None:
        return "nothing"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_EXPECTED = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "an integer",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "tuple_type": "a list",
    "list_type": "a list",
    "dict_type": "a mapping of keys to values",
    "model_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
    "none_required": "nothing",
}


def _describe(error: ErrorDetails, model: type[BaseModel] | None) -> str:
    kind = error["type"]
    value = error.get("input")
    context: dict[str, Any] = dict(error.get("ctx") or {})
    if kind in _EXPECTED:
        return f"expected {_EXPECTED[kind]}, got {shown(value)}"
    if kind == "missing":
        return "missing (this field is required)"
    if kind == "extra_forbidden":
        field = error["loc"][-1] if error["loc"] else "?"
        hint = _suggest(str(field), model, error["loc"][:-1])
        return f"unknown key{hint}"
    if kind == "literal_error":
        return f"expected one of {context.get('expected', '?')}, got {shown(value)}"
    if kind == "string_pattern_mismatch":
        pattern = str(context.get("pattern", ""))
        if pattern.startswith("^[a-z0-9]+"):
            return (
                f"expected an id of lowercase letters, digits and hyphens (like 'bar-stool'), "
                f"got {shown(value)}"
            )
        if pattern.startswith("^#"):
            return f"expected a colour like '#1a2b3c', got {shown(value)}"
        return f"does not match the expected form {pattern}, got {shown(value)}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        most = context.get("max_length")
        got = f", got {len(value):,}" if isinstance(value, str) else ""
        return f"allows at most {most} characters{got}"
    if kind == "too_short":
        least, actual = context.get("min_length", 1), context.get("actual_length", 0)
        return f"needs at least {least} item(s), got {actual}"
    if kind == "too_long":
        most, actual = context.get("max_length"), context.get("actual_length")
        return f"allows at most {most} item(s), got {actual}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {
            "greater_than_equal": ("at least", "ge"),
            "greater_than": ("more than", "gt"),
            "less_than_equal": ("at most", "le"),
            "less_than": ("less than", "lt"),
        }[kind]
        bound = context.get(words[1])
        if isinstance(bound, float) and bound.is_integer():
            bound = int(bound)  # "at least 7", not "7.0", for a bound written as a whole number
        return f"must be {words[0]} {bound}, got {shown(value)}"
    if kind == "union_tag_not_found":
        tag = str(context.get("discriminator", "type")).strip("'")
        choices = _tag_choices(model, tuple(error["loc"]), tag)
        return f"missing {tag!r}" + (f" (one of {choices})" if choices else "")
    if kind == "union_tag_invalid":
        tag = context.get("discriminator", "type")
        expected = context.get("expected_tags", "")
        return f"{tag} must be one of {expected}, got {shown(context.get('tag', value))}"
    if kind == "value_error":
        message = str(error["msg"])
        return message.removeprefix("Value error, ")
    if kind == "assertion_error":
        return str(error["msg"]).removeprefix("Assertion failed, ")
    return f"{error['msg']} (got {shown(value)})"


def _suggest(field: str, model: type[BaseModel] | None, parent: tuple[Any, ...]) -> str:
    """A 'did you mean' hint naming the closest known key, when there is one."""
    candidates = _submodels(model, parent)
    if len(candidates) != 1:
        return ""
    known = [info.alias or name for name, info in candidates[0].model_fields.items()]
    close = difflib.get_close_matches(field, known, n=1, cutoff=0.6)
    if close:
        return f" (did you mean {close[0]!r}?)"
    return f" (known keys: {', '.join(known)})"


def _submodels(model: type[BaseModel] | None, path: tuple[Any, ...]) -> list[type[BaseModel]]:
    """Follow ``path`` through nested model fields: the models it may lead to (several
    for a union whose tag is not in the path; none when it leaves models)."""
    current = [model] if model is not None else []
    annotation: Any = None
    for step in path:
        if isinstance(step, int) or not current:
            continue
        member = _tagged(annotation, str(step))  # a callable discriminator's Tag
        if member is not None:
            current, annotation = [member], None
            continue
        tagged = [candidate for candidate in current if step in _tags(candidate)]
        if len(current) > 1 and tagged:
            current = tagged  # the tag of a discriminated union names its member
            continue
        fields = [c.model_fields[str(step)] for c in current if str(step) in c.model_fields]
        if not fields:
            # a dict key: look no further
            continue
        annotation = fields[0].annotation
        current = _models_in(annotation)
    return current


def _tagged(annotation: Any, tag: str) -> type[BaseModel] | None:
    """The model of ``annotation``'s union member tagged ``tag`` (``Tag``), if any."""
    if annotation is None:
        return None
    if get_origin(annotation) is Annotated:
        base, *metadata = get_args(annotation)
        if any(isinstance(item, Tag) and item.tag == tag for item in metadata):
            return model_in(base)
        return _tagged(base, tag)
    for argument in get_args(annotation):
        found = _tagged(argument, tag)
        if found is not None:
            return found
    return None


def model_in(annotation: Any) -> type[BaseModel] | None:
    """The first model class in ``annotation``: itself, or inside a union, list or mapping."""
    found = _models_in(annotation)
    return found[0] if found else None


def models_in(annotation: Any) -> list[type[BaseModel]]:
    """Every model class in ``annotation``, in order: itself, or each member of a union
    (inside a list or mapping too)."""
    return _models_in(annotation)


def _tags(model: type[BaseModel]) -> set[Any]:
    """The values of the model's one-value ``Literal`` fields: its tags in a union."""
    found: set[Any] = set()
    for field in model.model_fields.values():
        arguments: tuple[Any, ...] = getattr(field.annotation, "__args__", ())
        if get_origin(field.annotation) is Literal and len(arguments) == 1:
            found.add(arguments[0])
    return found


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for argument in getattr(annotation, "__args__", ()) or ():
        found.extend(model for model in _models_in(argument) if model not in found)
    return found


def _tag_choices(model: type[BaseModel] | None, path: tuple[Any, ...], tag: str) -> str:
    """The values a union's tag field ``tag`` may take at ``path``: ``'text', 'integer'``."""
    values: list[str] = []
    for candidate in _submodels(model, path):
        field = candidate.model_fields.get(tag)
        arguments = getattr(field.annotation, "__args__", ()) if field is not None else ()
        values.extend(repr(value) for value in arguments if repr(value) not in values)
    return ", ".join(values)


def _data_path(loc: tuple[Any, ...], data: Any, kind: str = "missing") -> PathKey:
    """Drop the parts of pydantic's ``loc`` that are not keys of the data: a union's
    tag, a validator's name, the ``[key]`` of a dict key's error. The last step stays
    when it is missing from the data only for a missing field (``kind``)."""
    path: list[str | int] = []
    node = data
    for position, step in enumerate(loc):
        last = position == len(loc) - 1
        if isinstance(node, Mapping):
            if step in node:
                path.append(step)
                node = node[step]
            elif (
                last
                and isinstance(step, str)
                and kind == "missing"
                and not step.startswith(UNION_TAG_PREFIX)
            ):
                path.append(step)
        elif isinstance(node, (tuple, list)) and isinstance(step, int) and 0 <= step < len(node):
            path.append(step)
            node = node[step]
        # anything else is a union tag or a validator name: not in the data
    return tuple(path)


def field_errors(
    error: ValidationError, data: Any, model: type[BaseModel] | None = None
) -> Iterator[FieldError]:
    """Each error of ``error`` as a located sentence, once per path and message."""
    seen: set[tuple[PathKey, str]] = set()
    for details in error.errors(include_url=False):
        path = _data_path(tuple(details["loc"]), data, details["type"])
        message = _describe(details, model)
        if (path, message) not in seen:
            seen.add((path, message))
            yield FieldError(path, message)


def field_text(path: PathKey) -> str:
    """``("effect", "dice")`` → ``effect.dice``; ``("icons", 2)`` → ``icons[2]``."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += f".{step}" if text else str(step)
    return text
