"""Forms of the rosters app. Each one turns the posted fields into domain values (`clean_<field>`), takes
its context (team, editor, player) as keyword-only arguments, and `save()` calls the service.

`submit()` validates and saves in one go: a rule the service enforces ends up as a form error, the same
way as a field error, and nothing is changed. The modules: `base` (the form bases), `team` (creating,
importing and changing a team and its players), `advancement`, `redraft`. Callers import from this
package: `from web.rosters.forms import HireForm`.
"""

from web.rosters.forms.advancement import (
    AdvancementForm,
    CharacteristicChoiceForm,
    CharacteristicRollForm,
    ChosenSkillForm,
    RandomSkillForm,
    RandomSkillKeepForm,
    skill_choices,
)
from web.rosters.forms.base import PlayerActionForm, ServiceForm, TeamActionForm
from web.rosters.forms.new_team import (
    EditionForm,
    NewTeamForm,
    draft_numbers,
    team_list_choices,
)
from web.rosters.forms.redraft import RedraftForm
from web.rosters.forms.team import (
    MAX_IMPORT_BYTES,
    CaptainForm,
    DedicationForm,
    FansForm,
    FireForm,
    HireForm,
    ImportForm,
    LineupForm,
    NaflmImportForm,
    PlayerForm,
    ReadyForm,
    RerollForm,
    RetireForm,
    ReturnForm,
    StaffForm,
    UndoForm,
)

__all__ = [
    "MAX_IMPORT_BYTES",
    "AdvancementForm",
    "CharacteristicChoiceForm",
    "CharacteristicRollForm",
    "CaptainForm",
    "ChosenSkillForm",
    "DedicationForm",
    "EditionForm",
    "FansForm",
    "FireForm",
    "HireForm",
    "ImportForm",
    "NaflmImportForm",
    "LineupForm",
    "NewTeamForm",
    "PlayerActionForm",
    "PlayerForm",
    "RandomSkillForm",
    "RandomSkillKeepForm",
    "ReadyForm",
    "RedraftForm",
    "RerollForm",
    "RetireForm",
    "ReturnForm",
    "ServiceForm",
    "StaffForm",
    "TeamActionForm",
    "UndoForm",
    "draft_numbers",
    "skill_choices",
    "team_list_choices",
]
