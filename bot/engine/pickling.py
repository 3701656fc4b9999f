"""Fast pickling for the records and views that cross to the render workers.

Why: every image is drawn in a worker process, so its view is pickled on the
bot's event loop and unpickled in the worker — for a hand or a board, once
per move.  A ``slots=True`` dataclass pickles through the ``__getstate__``
that :mod:`dataclasses` generates, which calls :func:`dataclasses.fields` for
every object: a view late in a hand holds ~30 of them (the pile's events), so
pickling it took ~0.5 ms and unpickling ~0.3 ms — more than drawing a cached
band.  :func:`by_position` reduces an object to its class and its field
values in order (what ``copy`` and ``pickle`` rebuild by calling the class),
~20 times faster; the object that comes back is equal to the one sent, and
its ``__post_init__`` checks run again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")


def by_position(cls: type[T]) -> type[T]:
    """Class decorator (on top of ``@dataclass``): pickle ``cls`` as
    ``cls(*values)``.  Only for dataclasses whose every field is an
    ``__init__`` argument, in order (checked here)."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    if any(not f.init for f in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__}: a field outside __init__ can't be rebuilt by position")
    values: Callable[[Any], tuple[Any, ...]]
    if len(names) == 1:
        (name,) = names

        def values(obj: Any) -> tuple[Any, ...]:
            return (getattr(obj, name),)
    else:
        values = attrgetter(*names)

    def __reduce__(self: Any) -> tuple[type[T], tuple[Any, ...]]:
        return cls, values(self)

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    return cls
