import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonSize } from '../../../components/ui/button';

/** A button of the form that asks the server for help (Generate, Optimize Prompt). */
export function AssistButton({
  icon: Icon,
  label,
  runningLabel,
  running,
  disabled,
  onClick,
  size,
  className,
}: {
  icon: LucideIcon;
  label: string;
  runningLabel: string;
  running: boolean;
  disabled: boolean;
  onClick: () => Promise<void>;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      onClick={() => void onClick()}
      disabled={disabled}
      loading={running}
      icon={Icon}
    >
      {running ? runningLabel : label}
    </Button>
  );
}
