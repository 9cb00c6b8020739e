"""Template access to rules texts in the active language: {% rules_text "skill.block.desc" %},
{{ team|rules_name }}, {{ skill_ref|skill_label }}, {{ 50000|gold }}."""

from django import template
from django.utils.translation import get_language

from rulebook import formatting
from rulebook.edition import get_edition

register = template.Library()


@register.simple_tag
def rules_text(key, edition_id):
    return get_edition(edition_id).text(key, get_language())


@register.filter
def rules_name(item, edition_id):
    return get_edition(edition_id).name(item, get_language())


@register.filter
def skill_label(ref, edition_id):
    return get_edition(edition_id).skill_label(ref, get_language())


register.filter("target", formatting.target)
register.filter("gold", formatting.gold)
