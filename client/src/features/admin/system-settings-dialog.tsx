import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { RegistrationSetting } from './registration-setting';

/** Each connection to the world outside: its state on this server, and the settings that turn it on. */
const INTEGRATIONS = [
  { name: 'Single sign-on', state: 'Not configured', how: 'Sign-in with the company identity provider is not available in this version.' },
  { name: 'Email integration', state: 'Not configured', how: 'This server sends no e-mail; people are told of their work by the bell in the header.' },
  { name: 'Backups', state: 'Not configured', how: 'Backups are made only when an operator runs `npm run backup` on the server.' },
];

/** 'Configure': the system's settings, what each integration says now, and self-registration. */
export function SystemSettingsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="w-full">
          Configure
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>System Settings</DialogTitle>
          <DialogDescription>How this server is connected, and who may open an account.</DialogDescription>
        </DialogHeader>
        <dl className="space-y-3 text-sm">
          {INTEGRATIONS.map((integration) => (
            <div key={integration.name} className="grid grid-cols-[1fr_auto] gap-x-2 rounded-md border p-3">
              <dt className="font-medium">{integration.name}</dt>
              <dd className="font-semibold">{integration.state}</dd>
              <dd className="col-span-2 mt-1 text-muted-foreground">{integration.how}</dd>
            </div>
          ))}
          <div className="rounded-md border p-3">
            <RegistrationSetting />
          </div>
        </dl>
      </DialogContent>
    </Dialog>
  );
}
