from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts import tokens
from accounts.models import User
from web.service_calls import ServiceForm


class SignUpForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), help_text=_("Used only to reset your password."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email", "preferred_language")

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email already exists."))
        return email


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "preferred_language")


class ApiTokenForm(ServiceForm):
    name = forms.CharField(
        label=_("Token name"),
        max_length=60,
        help_text=_("What will use it, for example “League Discord bot”."),
    )

    def save(self, *, user):
        """(the token, its clear value shown once): accounts.tokens.create_token."""
        return tokens.create_token(user=user, name=self.cleaned_data["name"])
