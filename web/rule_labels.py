"""How a page names a rule that Dugout sells or offers but does not carry out yet (rulebook.coverage: the
data's `not_carried_out` mark), so that coaches know to keep track of it at the table."""

from django.utils.translation import gettext as _


def optional_rule_label(edition, rule, language):
    """An optional rule's name for a choice, saying when Dugout does not carry it out yet."""
    name = edition.text(f"optional.{rule}.name", language)
    if edition.optional_settings.get(rule, {}).get("not_carried_out"):
        return _("%(rule)s (not carried out by Dugout yet: keep track of it at the table)") % {"rule": name}
    return name


def inducement_not_carried_out(edition, inducement_id, choice=""):
    """Whether an inducement (or the person it hires, `choice`) is marked as not carried out yet."""
    inducement = edition.inducements.get(inducement_id)
    if inducement is None:
        return False
    hired = edition.hirelings.get(inducement.choices or "", {}).get(choice, {})
    return bool(inducement.extra.get("not_carried_out") or hired.get("not_carried_out"))
