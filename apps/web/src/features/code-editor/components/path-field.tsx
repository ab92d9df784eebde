import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/** The Path field of New file and Rename: typing clears the problem shown under it. */
export function PathField({
  path,
  problem,
  placeholder,
  onChange,
}: {
  path: string;
  problem: string | null;
  placeholder?: string;
  onChange: (path: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Path</Label>
      <Input
        id={id}
        value={path}
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
