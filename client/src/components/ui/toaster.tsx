import { useToastPlacement } from '@/components/toast-placement';
import { useToast } from '@/hooks/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';

export function Toaster() {
  const { toasts } = useToast();
  // Never over a dialog or a marked bar (the decision bar on a tablet): see toast-placement.ts.
  const placement = useToastPlacement(toasts.some((t) => t.open !== false));
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport style={placement} />
    </ToastProvider>
  );
}
