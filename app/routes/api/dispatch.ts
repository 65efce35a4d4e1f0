import { dispatch } from "~/http/api/dispatch.server";
import type { Route } from "./+types/dispatch";
import { compiledEndpoints } from "./registry.server";

export async function loader({ request }: Route.LoaderArgs) {
  return dispatch(request, compiledEndpoints);
}

export async function action({ request }: Route.ActionArgs) {
  return dispatch(request, compiledEndpoints);
}
