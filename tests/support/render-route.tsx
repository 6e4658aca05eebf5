// A route's component rendered on the server as a page without JavaScript gets it: in `lng`, at `path`, with the
// loader's (and an action's) data, through React Router's route stub.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { resources } from "#app/i18n/i18n.server.ts";

export async function renderRoute(lng: string, path: string, Component: unknown, loaderData: unknown, actionData?: unknown) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ id: "r", path: path.split("?")[0]!, Component: Component as never }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { r: loaderData }, actionData: actionData ? { r: actionData } : undefined }} />
    </I18nextProvider>,
  );
}
