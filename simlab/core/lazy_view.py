"""A seat's view built only when its policy reads it.

A view costs a clone (:meth:`simlab.core.api.State.view`), and many
decisions need none: a heuristic with a single legal action returns it, a
policy reads the view only in some phases.  The play loop hands a policy a
:class:`LazyView` instead: the first time the policy reads any attribute
of it, the view is built from the position of that decision, and the
object *becomes* that view (its class and attributes are the view's from
then on, so reading it costs nothing more and ``isinstance`` holds).  A
view never read is never built.

After the decision the loop seals it (:func:`seal`): a policy that kept an
unread view and reads it later gets an error, never a view of a later
position.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("broom_service", players=2)
>>> state = game.new_initial_state()
>>> view = LazyView(state, 0)
>>> type(view).__name__                      # nothing built yet
'LazyView'
>>> view.round, type(view).__name__          # the first read builds it
(0, 'BroomServiceState')
>>> view == state.view(0)
True
"""

from __future__ import annotations

from typing import Any

from simlab.core.errors import SimlabError

__all__ = ["LazyView", "seal"]


class LazyView:
    """The view of ``seat`` of ``state``, built on the first read (see the module docstring).

    Parameters
    ----------
    state : State
        The position of the decision; it must not change before the view is read.
    seat : int
        The seat whose view it is.
    """

    def __init__(self, state: Any, seat: int) -> None:
        self._lazy: tuple[Any, int] | None = (state, seat)

    def _become(self) -> None:
        """Build the view and turn this object into it."""
        lazy = self._lazy
        if lazy is None:
            raise SimlabError("a seat's view was read after its decision (views are built "
                              "when read, during the decision)")
        state, seat = lazy
        view = state.view(seat)
        self.__class__ = type(view)  # type: ignore[assignment]  # same layout: plain classes
        self.__dict__ = view.__dict__

    def __getattr__(self, name: str) -> Any:
        # Reached only for attributes this object lacks: every attribute of the view.
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # copy/pickle probing: no view for them
        self._become()
        return getattr(self, name)

    def __eq__(self, other: object) -> bool:
        self._become()
        return bool(self == other)

    __hash__ = None  # type: ignore[assignment]  # a state is mutable

    def __str__(self) -> str:
        self._become()
        return str(self)

    def __repr__(self) -> str:  # only while not built: a built view has its own
        return "<view not built yet>"


def seal(view: Any) -> None:
    """After the decision: a view still unread can no longer be built."""
    if type(view) is LazyView:
        view._lazy = None
