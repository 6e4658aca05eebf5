import { useTranslation } from "#app/i18n/use-translation.ts";

export type PersonalInfoData = {
  username: string;
  name: string;
  phone: string;
  phoneVerified: boolean;
  email: string;
  emailVerified: boolean;
  registeredAt: string;
  lastLoginAt: string;
  /** YYYY-MM-DD, or null while none is saved. */
  birthday?: string | null;
};

function VerifiedFlag({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`ml-2 inline-block rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${verified ? "bg-accent/20 text-accent-light" : "bg-white/10 text-white/60"}`}
      data-verified={verified}
    >
      {verified ? t("account.verified") : t("account.unverified")}
    </span>
  );
}

/** Personal info of the member centre; dates arrive already formatted in Asia/Dhaka. */
export function PersonalInfo({ info }: { info: PersonalInfoData }) {
  const { t } = useTranslation();
  const rows: { label: string; value: React.ReactNode; testId: string }[] = [
    { label: t("account.username"), value: info.username, testId: "info-username" },
    { label: t("account.fullName"), value: info.name || <span className="text-white/50">{t("account.notSet")}</span>, testId: "info-name" },
    {
      label: t("account.phone"),
      value: (
        <>
          <span className="whitespace-nowrap">+88 {info.phone}</span>
          <VerifiedFlag verified={info.phoneVerified} />
        </>
      ),
      testId: "info-phone",
    },
    {
      label: t("account.email"),
      value: (
        <>
          <EmailText email={info.email} />
          <VerifiedFlag verified={info.emailVerified} />
        </>
      ),
      testId: "info-email",
    },
    ...(info.birthday !== undefined
      ? [
          {
            label: t("centre.birthday"),
            value: info.birthday ?? <span className="text-white/50">{t("account.notSet")}</span>,
            testId: "info-birthday",
          },
        ]
      : []),
    { label: t("account.registered"), value: `${info.registeredAt} (${t("common.timeZoneLabel")})`, testId: "info-registered" },
    {
      label: t("account.lastLogin"),
      value: info.lastLoginAt ? `${info.lastLoginAt} (${t("common.timeZoneLabel")})` : t("account.never"),
      testId: "info-last-login",
    },
  ];
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="personal-info">
      <h2 id="personal-info" className="mb-2 text-sm font-semibold text-white/80">
        {t("account.personalInfo")}
      </h2>
      <dl className="divide-y divide-white/10">
        {rows.map((row) => (
          <div key={row.testId} className="grid grid-cols-[8.5rem_1fr] gap-2 py-2.5 text-sm" data-testid={row.testId}>
            <dt className="text-white/60">{row.label}</dt>
            <dd className="min-w-0">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An address wraps after its "@" when it must, and inside a part only when that part alone is wider than the box. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return <span className="break-words">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
