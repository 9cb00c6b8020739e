"""Posting an admin change form as a staff member would: the form's current values, some changed."""


def change_form_data(admin_client, url, **changes):
    """The POST data of the admin change form at `url`, with `changes` applied (inline forms included)."""
    response = admin_client.get(url)
    assert response.status_code == 200, url
    data = {}
    forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        management = formset.management_form
        data.update({management.add_prefix(name): management[name].value() for name in management.fields})
        forms += formset.forms
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is None:
                continue
            data[form.add_prefix(name)] = _posted(value)
    data.update(changes)
    return data


def _posted(value):
    """A bound field's value (already prepared for its widget) as the browser would send it."""
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return str(value)
