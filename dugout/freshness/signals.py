"""Changes from the models' signals: `watch(model, scopes_of)` begins a change of the scopes a row shows
before it is saved or deleted and ends it after, so that:

- a row whose relations changed (a team given to another coach, a match's fixture) changes the pages of
  its old relations as well as its new ones: the relations as loaded are remembered on the instance;
- a delete works out what it changes while the related rows are still there (pre_delete);
- a row set to NULL by the delete of what it pointed at (SET_NULL, an UPDATE that sends no signal)
  changes the pages that show it;
- a save that cannot get its new version does not happen (FreshnessUnavailable is raised before it);
- a `loaddata` (rows from elsewhere, ids that may have shown other things) starts a new epoch.
"""

import copy

from django.db import models
from django.db.models.signals import m2m_changed, post_delete, post_init, post_save, pre_delete, pre_save

from dugout.freshness.changes import begin, forget, new_epoch


def _relations(model):
    return [field.attname for field in model._meta.concrete_fields if field.is_relation]


def _as_loaded(instance):
    """The instance with its relations as they were loaded, or None when none changed since."""
    loaded = instance.__dict__.get("_fresh_loaded") or {}
    changed = {name: value for name, value in loaded.items() if instance.__dict__.get(name) != value}
    if not changed:
        return None
    old = copy.copy(instance)
    old.__dict__.update(changed)
    old.__dict__.pop("_prefetched_objects_cache", None)
    old._state.fields_cache = {}  # related rows are read through the old ids
    return old


def _remember_loaded(instance, relations):
    instance.__dict__["_fresh_loaded"] = {
        name: instance.__dict__[name] for name in relations if name in instance.__dict__
    }


def _stash(instance, uid, change):
    instance.__dict__.setdefault("_fresh_changes", {}).setdefault(uid, []).append(change)


def _end_stashed(instance, uid):
    for change in instance.__dict__.get("_fresh_changes", {}).pop(uid, []):
        change.end()


def watch(model, scopes_of, *, m2m=(), ignore_fields=frozenset(), forget_names=()):
    """Change scopes_of(row) around every save and delete of `model` (and every change of its
    many-to-many fields `m2m`); a save that writes only `ignore_fields` (a login's last_login) changes
    nothing. `forget_names`: the remembered relations (changes.remembered) of the row to forget."""
    label = model._meta.label
    uid = f"freshness:{label}:{scopes_of.__module__}.{scopes_of.__qualname__}"
    relations = _relations(model)

    def forget_row(instance):
        for name in forget_names:
            forget(name, instance.pk)

    def loaded(sender, instance, **kwargs):
        _remember_loaded(instance, relations)

    def saving(sender, instance, raw=False, update_fields=None, **kwargs):
        if raw:
            new_epoch()
            return
        if instance._state.adding or (update_fields and set(update_fields) <= set(ignore_fields)):
            return  # a new row is changed once saved, when it has its id
        scopes = set(scopes_of(instance))
        old = _as_loaded(instance)
        if old is not None:
            scopes.update(scopes_of(old))
        forget_row(instance)
        _stash(instance, uid, begin(scopes, f"{label} {instance.pk or 'new'} saved"))

    def saved(sender, instance, created=False, raw=False, **kwargs):
        if created and not raw:
            begin(scopes_of(instance), f"{label} {instance.pk} created").end()
        _end_stashed(instance, uid)
        forget_row(instance)
        _remember_loaded(instance, relations)

    def deleting(sender, instance, **kwargs):
        forget_row(instance)
        _stash(instance, uid, begin(scopes_of(instance), f"{label} {instance.pk} deleted"))

    def deleted(sender, instance, **kwargs):
        _end_stashed(instance, uid)

    post_init.connect(loaded, sender=model, weak=False, dispatch_uid=uid)
    pre_save.connect(saving, sender=model, weak=False, dispatch_uid=uid)
    post_save.connect(saved, sender=model, weak=False, dispatch_uid=uid)
    pre_delete.connect(deleting, sender=model, weak=False, dispatch_uid=uid)
    post_delete.connect(deleted, sender=model, weak=False, dispatch_uid=uid)
    for field in m2m:
        _watch_many_to_many(model, field, scopes_of, uid)
    for field in model._meta.concrete_fields:
        if field.is_relation and field.remote_field.on_delete is models.SET_NULL:
            _watch_set_null(model, field, scopes_of, uid)


def _watch_many_to_many(model, field, scopes_of, uid):
    """A change of model.field, from either side (league.commissioners.add(user) or
    user.commissioned_leagues.add(league))."""
    uid = f"{uid}.{field}"
    label = f"{model._meta.label}.{field}"

    def rows(instance, reverse, pk_set):
        if not reverse:
            return [instance]
        if pk_set is not None:
            return list(model._default_manager.filter(pk__in=pk_set))
        return list(model._default_manager.filter(**{field: instance}))

    def changed(sender, instance, action, reverse, pk_set, **kwargs):
        if action.startswith("pre_"):
            scopes = {scope for row in rows(instance, reverse, pk_set) for scope in scopes_of(row)}
            _stash(instance, uid, begin(scopes, f"{label} {action}"))
        elif action.startswith("post_"):
            _end_stashed(instance, uid)

    m2m_changed.connect(changed, sender=getattr(model, field).through, weak=False, dispatch_uid=uid)


def _watch_set_null(model, field, scopes_of, uid):
    """The delete of what model.field points at sets it to NULL with an UPDATE: the rows it nulls change."""
    uid = f"{uid}.{field.name}.set_null"
    target = field.remote_field.model
    label = f"{model._meta.label}.{field.name} set to NULL"

    def deleting(sender, instance, **kwargs):
        rows = model._default_manager.filter(**{field.name: instance})
        scopes = {scope for row in rows for scope in scopes_of(row)}
        _stash(instance, uid, begin(scopes, label))

    def deleted(sender, instance, **kwargs):
        _end_stashed(instance, uid)

    pre_delete.connect(deleting, sender=target, weak=False, dispatch_uid=uid)
    post_delete.connect(deleted, sender=target, weak=False, dispatch_uid=uid)
