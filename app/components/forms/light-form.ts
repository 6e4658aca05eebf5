import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { afterCheck, type FieldConstraint, type FieldMeta, type FormErrors, messagesOf, stateFromReply, type Validate } from "./light-form-state.ts";

export { inputProps, selectProps } from "./light-form-state.ts";

function focusFirstInvalid(form: HTMLFormElement | null, errors: FormErrors) {
  for (const element of Array.from(form?.elements ?? [])) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

function changedByVisitor(element: Element) {
  if (element instanceof HTMLSelectElement) return Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (!(element instanceof HTMLInputElement)) return false;
  if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
  return element.value !== element.defaultValue;
}

const fieldNameOf = (event: React.SyntheticEvent<HTMLFormElement>) => {
  const element = event.target as HTMLInputElement;
  return element.name && element.form === event.currentTarget ? element.name : null;
};

/**
 * conform's useForm for the pages a visitor opens first (log in, sign up), without conform's runtime (8 KB Brotli) or
 * zod (15 KB) in the page's download. Until the visitor touches the form it works as without JavaScript: the action
 * checks it and its reply (conform's submission.reply()) is shown here. The browser's checks (a module with the shared
 * zod schema, `loadValidator`) are fetched on the first focus and then run as conform's do: a field is checked on blur
 * (`shouldValidate: "onBlur"`) or first on submit, and once checked, again on every input; a submit with mistakes is
 * stopped and the first wrong field focused, as after a reply with mistakes. A field left before the checks arrived
 * is checked when they arrive.
 */
export function useLightForm<Name extends string>(options: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: Record<string, FieldConstraint>;
  defaultValue?: Partial<Record<Name, string>>;
  /** Defined at module level: an import() of the module with the form's validator. */
  loadValidator: () => Promise<Validate>;
  shouldValidate: "onBlur" | "onSubmit";
}) {
  const { lastResult, constraint, defaultValue, loadValidator, shouldValidate } = options;
  const formId = useId();
  const [state, setState] = useState(() => stateFromReply(lastResult));
  const [reply, setReply] = useState(lastResult);
  if (reply !== lastResult) {
    // A new reply from the action replaces what the browser's checks showed, as in conform.
    setReply(lastResult);
    setState(stateFromReply(lastResult));
  }
  const firstReply = useRef(lastResult);
  useEffect(() => {
    if (lastResult && lastResult !== firstReply.current && lastResult.status === "error") {
      focusFirstInvalid(document.getElementById(formId) as HTMLFormElement | null, messagesOf(lastResult.error));
    }
  }, [lastResult, formId]);

  const validator = useRef<Validate | null>(null);
  const loading = useRef(false);
  // Fields left before the checks had arrived (a fast typist on slow data): they are checked as soon as they arrive.
  const leftEarly = useRef(new Set<string>());
  const check = (form: HTMLFormElement, names: readonly string[]) => {
    if (!validator.current) return null;
    const found = validator.current(new FormData(form));
    setState((current) => afterCheck(current, found, names));
    return found;
  };
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    // A failed download leaves the checks to the server until the next focus tries again.
    loadValidator().then(
      (validate) => {
        validator.current = validate;
        const form = document.getElementById(formId) as HTMLFormElement | null;
        if (form && leftEarly.current.size) check(form, [...leftEarly.current]);
        leftEarly.current.clear();
      },
      () => (loading.current = false),
    );
  };

  // A visitor on a slow phone may touch the form before the page has hydrated, when no focus or blur reached us:
  // what was typed into a field since left is checked (as on its blur), and a focus inside fetches the checks.
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (!element.name || element.type === "hidden" || element === document.activeElement || state.validated[element.name]) continue;
      if (changedByVisitor(element) && shouldValidate === "onBlur") leftEarly.current.add(element.name);
    }
    if (leftEarly.current.size || form.contains(document.activeElement)) load();
    // Once, at hydration: later touches go through the form's own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const formErrorId = `${formId}-form-error`;
  const formErrors = state.errors[""];
  const formProps = {
    id: formId,
    noValidate: true,
    "aria-describedby": formErrors ? formErrorId : undefined,
    onFocus: load,
    onBlur(event: React.FocusEvent<HTMLFormElement>) {
      const name = fieldNameOf(event);
      if (!name || shouldValidate !== "onBlur" || state.validated[name]) return;
      if (!check(event.currentTarget, [name])) leftEarly.current.add(name);
    },
    onInput(event: React.FormEvent<HTMLFormElement>) {
      const name = fieldNameOf(event);
      if (name && state.validated[name]) check(event.currentTarget, [name]);
    },
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const names = Array.from(form.elements, (element) => (element as HTMLInputElement).name).filter(Boolean);
      // Without the checks yet, the server checks the whole form and its reply shows the messages.
      leftEarly.current.clear();
      const found = check(form, ["", ...names]);
      if (found && Object.values(found).some((messages) => messages.length)) {
        event.preventDefault();
        focusFirstInvalid(form, found);
      }
    },
  };
  const initialValues = (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>;
  const field = (name: Name): FieldMeta => ({
    formId,
    id: `${formId}-${name}`,
    name,
    errorId: `${formId}-${name}-error`,
    errors: state.errors[name],
    initialValue: initialValues[name],
    constraint: constraint[name],
  });
  return { formProps, formErrors, formErrorId, field };
}
