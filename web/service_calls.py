"""One way for every page to call a domain service and say what happened.

A service refuses with a ValidationError whose messages are translated sentences; a page shows them as
error messages (or on the form it shows again) and a success as one success message:

- `attempt(request, action, success)` runs `action()`; returns an Attempt, true when it went through,
  with what the action returned;
- `show_errors(request, source)` turns a ValidationError, or a bound form's errors, into messages;
- `ServiceForm` (and `ServiceModelForm`): a form whose `save()` calls a service; `submit()` validates
  and saves in one go, a refusal of the service becoming a form error.
"""

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError


@dataclass(frozen=True)
class Attempt:
    """What `attempt` did: true when the service went through, with what it returned (`value`)."""

    ok: bool
    value: object = None

    def __bool__(self):
        return self.ok


def attempt(request, action, success=None):
    """Run `action()`. A ValidationError becomes error messages and a false Attempt; otherwise `success`
    (a text, or a function of what `action` returned that gives one) becomes a success message."""
    try:
        outcome = action()
    except ValidationError as error:
        show_errors(request, error)
        return Attempt(False)
    if success is not None:
        messages.success(request, success(outcome) if callable(success) else success)
    return Attempt(True, outcome)


def show_errors(request, source):
    """Every error of `source` (a ValidationError, or a bound form) as an error message."""
    texts = error_texts(source) if isinstance(source, forms.BaseForm) else source.messages
    for text in texts:
        messages.error(request, text)


def error_texts(form):
    """Every error of a bound form as one plain sentence, field errors prefixed with the field's label."""
    texts = []
    for field, errors in form.errors.items():
        for error in errors:
            if field == forms.forms.NON_FIELD_ERRORS or field not in form.fields:
                texts.append(str(error))
            else:
                texts.append(f"{form.fields[field].label}: {error}")
    return texts


class ServiceFormMixin:
    """A form whose save(**kwargs) calls a service that may refuse with a ValidationError."""

    result = None

    def submit(self, **kwargs):
        """Validate and save (`kwargs` go to save: who does it, the dice); False, with the reasons on the
        form, when the input or the rules say no. What save returned is `result`."""
        if not self.is_valid():
            return False
        try:
            self.result = self.save(**kwargs)
        except ValidationError as error:
            self.add_error(None, error)
            return False
        return True

    def messages(self):
        return error_texts(self)


class ServiceForm(ServiceFormMixin, forms.Form):
    def save(self, **kwargs):
        raise NotImplementedError


class ServiceModelForm(ServiceFormMixin, forms.ModelForm):
    """A model form whose save() goes through a service (the league's settings)."""
