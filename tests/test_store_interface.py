"""The TinyDB backend has the shape of the store interface the application sees
(scorekeeper/storage/store.py), so the use cases can be handed either."""

from __future__ import annotations

import inspect

from scorekeeper.storage.database import Store
from scorekeeper.storage.store import GameStore, open_store


def members(cls: type) -> dict[str, object]:
    return {n: v for n, v in vars(cls).items() if not n.startswith("_")}


def test_the_backend_has_every_method_of_the_interface_with_the_same_parameters():
    for name, member in members(GameStore).items():
        assert hasattr(Store, name), name
        if inspect.isfunction(member):
            wanted = list(inspect.signature(member).parameters)
            assert list(inspect.signature(getattr(Store, name)).parameters) == wanted, name


def test_an_opened_store_has_the_attributes_of_the_interface(db):
    with open_store(db) as store:
        for name in GameStore.__annotations__:
            assert hasattr(store, name), name
        assert store.path == db and store.current_id is None
