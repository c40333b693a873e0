import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../primitives/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../primitives/dropdown-menu';

export type ThemeMenuValue = 'light' | 'dark' | 'system';

const CHOICES = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;

export interface ThemeMenuProps {
  value: ThemeMenuValue;
  /** The theme shown now (for the trigger's icon). */
  resolved: 'light' | 'dark';
  onChange: (value: ThemeMenuValue) => void;
  /** Where the menu opens (default below the button). */
  side?: 'bottom' | 'top' | 'right';
}

/** Small Light / Dark / System menu for the public pages' header (the dashboard has it in the user menu). */
export function ThemeMenu({ value, resolved, onChange, side }: ThemeMenuProps) {
  const Current = resolved === 'dark' ? Moon : Sun;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Theme"
        className="size-9 justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground"
      >
        <Current aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent side={side} align="end" className="min-w-36">
        {CHOICES.map(({ value: choice, label, Icon }) => (
          <DropdownMenuItem key={choice} onSelect={() => onChange(choice)}>
            <Icon aria-hidden="true" />
            <span className="flex-1">{label}</span>
            <Check aria-hidden="true" className={cn(value !== choice && 'invisible')} />
            {value === choice ? <span className="sr-only">(selected)</span> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
