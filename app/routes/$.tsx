import { redirect } from "@remix-run/node";

/** Any path outside the route table goes to the 404 page. */
export function loader() {
  return redirect("/not-found");
}

export function action() {
  return redirect("/not-found", 303);
}
