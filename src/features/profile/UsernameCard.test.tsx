import { screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderSignedIn } from "@testing/client/render";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { signUp } from "@testing/world";

// What a rename refuses is in convex/tests/accounts/usernames.test.ts; here, that the profile's card says it.
test.each([
  ["Moderator", "That username is reserved. Please choose another"],
  ["B0ss", "This username is already taken"],
])("renaming to %j beside Boss shows %j under the field", async (wanted, message) => {
  const backend = new InProcessBackend();
  await signUp(backend, { email: "boss@example.com", username: "Boss" });
  const { user } = await renderSignedIn("/profile", { backend });
  const field = await screen.findByLabelText("Username");
  await user.clear(field);
  await user.type(field, wanted);
  await user.click(screen.getByRole("button", { name: "Save Username" }));
  expect(await within(field.closest("form")!).findByRole("alert")).toHaveTextContent(message);
  expect(field).toHaveValue(wanted);
});
