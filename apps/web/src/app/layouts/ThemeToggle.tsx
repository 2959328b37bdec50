import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from 'lucide-react';
import { cn } from '../../lib/cn';
import { toggleTheme, useTheme } from '../../lib/theme';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const { t } = useLingui();
  const label = theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={cn('rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg', className)}
      aria-label={label}
      title={label}
    >
      {theme === 'dark' ? (
        <Sun className="size-5" aria-hidden="true" />
      ) : (
        <Moon className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}
