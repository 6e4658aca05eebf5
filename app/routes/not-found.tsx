import { data } from "react-router";
import { useTranslation } from "react-i18next";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return <p>{t("errors.notFoundTitle")}</p>;
}
