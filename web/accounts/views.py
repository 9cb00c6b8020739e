from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts import tokens
from accounts.client import client_ip
from accounts.language import remember_language
from accounts.models import ApiToken
from accounts.throttle import allow
from web.accounts.forms import ApiTokenForm, ProfileForm, SignUpForm


def signup(request):
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Dugout, %(name)s!") % {"name": user})
        return remember_language(redirect(settings.LOGIN_REDIRECT_URL), user.preferred_language)
    return render(request, "accounts/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Logs in and switches the interface to the user's preferred language."""

    template_name = "accounts/login.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        return remember_language(response, form.get_user().preferred_language)


def locked_out(request, original_response=None, credentials=None):
    """The page django-axes shows while logins are paused (AXES_LOCKOUT_CALLABLE): 429, translated."""
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "cooloff_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
    }
    return render(request, "accounts/locked_out.html", context, status=429)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, limited per client address and per e-mail address.

    The answer is the same whether the address belongs to an account or not (Django's own behaviour);
    the limit counts requests, so it tells nothing about accounts either.
    """

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/email/password_reset.txt"
    subject_template_name = "accounts/email/password_reset_subject.txt"

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().lower()
        keys = (f"reset-ip:{client_ip(self.request)}", f"reset-email:{email}")
        if not allow(*keys, limit=settings.PASSWORD_RESET_LIMIT):
            form.add_error(None, _("Too many password reset requests. Please try again in an hour."))
            return self.form_invalid(form)
        return super().form_valid(form)


@never_cache  # it may show a new API token's clear value
@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        messages.success(request, _("Your profile was saved."))
        return remember_language(redirect("accounts:profile"), user.preferred_language)
    return render(request, "accounts/profile.html", {"form": form, **_tokens_context(request)})


# The clear value of a token just created, kept in the session until the profile page shows it, once.
NEW_TOKEN_SESSION_KEY = "accounts:new-api-token"


def _tokens_context(request, token_form=None):
    return {
        "tokens": request.user.api_tokens.all(),
        "token_form": token_form or ApiTokenForm(),
        "new_token": request.session.pop(NEW_TOKEN_SESSION_KEY, None),
    }


@login_required
@require_POST
def token_create(request):
    """A new personal API token; its clear value is shown once, on the profile page it redirects to."""
    form = ApiTokenForm(request.POST)
    if form.submit(user=request.user):
        token, clear = form.result
        request.session[NEW_TOKEN_SESSION_KEY] = {"name": token.name, "value": clear}
        messages.success(request, _("The token “%(name)s” was created.") % {"name": token.name})
        return redirect("accounts:profile")
    context = {"form": ProfileForm(instance=request.user), **_tokens_context(request, form)}
    return render(request, "accounts/profile.html", context)


@login_required
@require_POST
def token_revoke(request, pk):
    token = get_object_or_404(ApiToken, pk=pk)
    tokens.revoke_token(token=token, by=request.user)  # PermissionDenied (403) for anyone but its owner
    messages.success(
        request, _("The token “%(name)s” was revoked: it no longer works.") % {"name": token.name}
    )
    return redirect("accounts:profile")


@require_POST
def set_language(request):
    """Django's language switch, which also remembers the choice on a signed-in user's profile."""
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        request.user.preferred_language = language
        request.user.save(update_fields=["preferred_language"])
    return django_set_language(request)
