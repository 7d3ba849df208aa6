import { isTimeZone } from "@tubedigest/contracts/time-zone";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../../lib/validation.ts";
import { SummaryLanguageField } from "./summary-language-field.tsx";
import { TimeZoneField } from "./time-zone-field.tsx";
import { PROFILE_PATH, type Profile, useProfile } from "./use-profile.ts";

const INVALID_ZONE_MESSAGE = "Please choose a time zone from the list";

/** The Profile tab, once the stored profile is known (its fields start from it). */
export function ProfileForm() {
  const { data: profile, error } = useProfile();
  if (error)
    return <p className="settings-error">{serverMessage(error) ?? "Your profile could not be loaded."}</p>;
  if (!profile) return <ProfileSkeleton />;
  return <ProfileFields profile={profile} />;
}

function ProfileSkeleton() {
  return (
    <div className="stack" aria-busy="true">
      <p className="visually-hidden">Loading your profile</p>
      <Skeleton className="settings-skeleton" />
      <Skeleton className="settings-skeleton" />
      <Skeleton className="settings-skeleton" />
    </div>
  );
}

function ProfileFields({ profile }: { profile: Profile }) {
  const toast = useToast();
  const { mutate: mutateProfile } = useProfile();
  const { mutate: mutateUser } = useCurrentUser();
  const [fullName, setFullName] = useState(profile.fullName ?? "");
  const [timeZone, setTimeZone] = useState(profile.timeZone);
  const [summaryLanguage, setSummaryLanguage] = useState(profile.summaryLanguage ?? "");
  const [problems, setProblems] = useState<{ email?: string; timeZone?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The e-mail is checked (docs/product.md#validation) although it cannot be edited here; the zone by the
    // server's own rule.
    const found = {
      email: isValidEmail(profile.email) ? undefined : INVALID_EMAIL_MESSAGE,
      timeZone: isTimeZone(timeZone) ? undefined : INVALID_ZONE_MESSAGE,
    };
    setProblems(found);
    if (found.email || found.timeZone) return;
    setBusy(true);
    try {
      const saved = await apiFetch<Profile>(PROFILE_PATH, {
        method: "PATCH",
        json: {
          email: profile.email,
          fullName: fullName.trim() || null,
          timeZone,
          summaryLanguage: summaryLanguage || null,
        },
      });
      await mutateProfile(saved, { revalidate: false });
      // The header and dashboard show the name from the current user.
      void mutateUser();
      toast({ title: "Profile updated", variant: "success" });
    } catch (failure) {
      toast({
        title: "Error updating profile",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack settings-form" onSubmit={submit} noValidate>
      <TextField
        id="settings-full-name"
        label="Full Name"
        autoComplete="name"
        maxLength={200}
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
      />
      <TextField
        id="settings-email"
        label="Email"
        type="email"
        value={profile.email}
        disabled
        hint="To use another address, open the Account tab."
        error={problems.email}
      />
      <TimeZoneField
        id="settings-time-zone"
        value={timeZone}
        onChange={setTimeZone}
        error={problems.timeZone}
      />
      <SummaryLanguageField
        id="settings-summary-language"
        value={summaryLanguage}
        onChange={setSummaryLanguage}
      />
      <Button type="submit" busy={busy} busyLabel="Updating..." className="settings-submit">
        Save Changes
      </Button>
    </form>
  );
}
