import type { ReactNode } from "react";
import { ErrorList } from "./Field.tsx";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { key?: string | undefined };

/**
 * A checkbox with its text: a 24 px box (a comfortable tap on a phone) with room before the text, and the whole
 * line ticks it. `framed` draws the line as a box of its own (the "I'm not a robot" check).
 */
export function CheckboxField({
  inputProps,
  children,
  errors,
  errorId,
  textTestId,
  framed = false,
}: {
  inputProps: InputProps;
  children: ReactNode;
  errors?: string[] | null;
  errorId?: string;
  textTestId?: string;
  framed?: boolean;
}) {
  const { key, ...rest } = inputProps;
  const frame = framed ? "w-fit items-center rounded-md border border-white/20 bg-ink px-3 py-2 !text-white" : "items-start py-1";
  return (
    <div className="field">
      <label className={`!flex cursor-pointer gap-3 !text-sm ${frame}`}>
        <input key={key} {...rest} className="!m-0 !size-6 shrink-0 cursor-pointer !p-0 accent-brand" />
        <span className={framed ? undefined : "pt-0.5"} data-testid={textTestId}>
          {children}
        </span>
      </label>
      <ErrorList errors={errors} id={errorId} />
    </div>
  );
}
