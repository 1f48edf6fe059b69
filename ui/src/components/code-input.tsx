/**
 * The field for an authenticator's 6-digit code: the phone's number pad, the OS's code autofill, and only
 * digits and the space some apps show in the middle.
 */
export function CodeInput({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  describedBy?: string;
}) {
  return (
    <input
      id={id}
      className="input"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/[^0-9 ]/g, ''))}
      aria-describedby={describedBy}
    />
  );
}
