import { redirect } from "react-router";
import type { Route } from "./+types/referral-alias";

/** /referral (a link the original site used) is the referral programme's page, /refrrel-program. */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`/refrrel-program${url.search}`);
}
