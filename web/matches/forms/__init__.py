"""Forms of the match pages: dice can always be typed in (real dice) or left empty (Dugout rolls).

The modules follow the match, as the views do: `prematch`, `live` (drives, events, concession),
`postmatch`; `fields` holds the fields and widgets they share. Callers import from this package:
`from web.matches.forms import PostmatchForm`.
"""

from web.matches.forms.fields import CountCheckbox, DiceForm, FacesField, PricedSelect
from web.matches.forms.live import ConcedeForm, DriveStartForm, EndDriveForm, QuickEventForm, WeatherMageForm
from web.matches.forms.postmatch import PostmatchForm
from web.matches.forms.prematch import (
    HIRED_BY_NAME,
    ChaliceForm,
    InducementsForm,
    KickOrReceiveForm,
    MatchForm,
    PrayerTargetForm,
    SidesDiceForm,
    TossForm,
)

__all__ = [
    "HIRED_BY_NAME",
    "ChaliceForm",
    "ConcedeForm",
    "CountCheckbox",
    "DiceForm",
    "DriveStartForm",
    "EndDriveForm",
    "FacesField",
    "InducementsForm",
    "KickOrReceiveForm",
    "MatchForm",
    "PostmatchForm",
    "PrayerTargetForm",
    "PricedSelect",
    "QuickEventForm",
    "SidesDiceForm",
    "TossForm",
    "WeatherMageForm",
]
