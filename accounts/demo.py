"""Demo accounts for `make run`. Later parts of Dugout add teams, leagues and matches for them: the
first coaches play the BB2020 demo league, the "BB2025 league" coaches the BB2025 one."""

from django.contrib.auth.hashers import make_password
from django.utils.translation import gettext_lazy as _

from accounts.models import User

DEMO_PASSWORD = "dugout-demo"

DEMO_USERS = [
    {"username": "commissioner", "display_name": "Carla the Commissioner", "role": _("Commissioner")},
    {"username": "coach_orc", "display_name": "Grimgor's Coach", "role": _("Coach")},
    {"username": "coach_human", "display_name": "Reikland Coach", "role": _("Coach")},
    {"username": "coach_elf", "display_name": "Elf Coach", "role": _("Coach")},
    {"username": "coach_brutes", "display_name": "Ironjaw's Coach", "role": _("Coach, BB2025 league")},
    {"username": "coach_norse", "display_name": "Norscan Coach", "role": _("Coach, BB2025 league")},
    {"username": "coach_chaos", "display_name": "Chosen Coach", "role": _("Coach, BB2025 league")},
    {"username": "coach_snotling", "display_name": "Snotling Coach", "role": _("Coach, BB2025 league")},
    {"username": "admin", "display_name": "Site admin", "role": _("Administrator")},
]


def create_demo_users():
    """Create the demo accounts (idempotent): existing ones keep their data, passwords are reset.

    Side effects: writes User rows.
    """
    # Hashing is slow on purpose: hash the public demo password once for every account.
    password = make_password(DEMO_PASSWORD)
    users = {}
    for spec in DEMO_USERS:
        user, _created = User.objects.get_or_create(
            username=spec["username"], defaults={"display_name": spec["display_name"]}
        )
        user.password = password
        user.email = f"{spec['username']}@example.com"
        user.is_staff = user.is_superuser = spec["username"] == "admin"
        user.save()
        users[spec["username"]] = user
    return users
