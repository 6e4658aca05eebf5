import { useEffect, useState } from "react";

/**
 * Conform's onValidate, once the validator has arrived: the form renders and works without it (its HTML constraints
 * come from the loader, and a submit made before then is checked by the action, as without JavaScript), so zod is
 * downloaded after the page is on screen instead of delaying it. Pass a loader defined at module level.
 */
export function useLazyValidation<Result>(load: () => Promise<(formData: FormData) => Result>) {
  const [validator, setValidator] = useState<{ validate: (formData: FormData) => Result }>();
  useEffect(() => {
    let live = true;
    // A failed download leaves the checks to the server.
    load().then(
      (validate) => live && setValidator({ validate }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return validator ? ({ formData }: { formData: FormData }) => validator.validate(formData) : undefined;
}
