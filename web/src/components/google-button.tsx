import { Button } from "./button.tsx";
import { useToast } from "./toast.tsx";

/** Google sign-in is not offered yet: the button only says so (docs/product.md#who-may-do-what). */
export function GoogleButton({ children }: { children: string }) {
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      className="button-block"
      onClick={() =>
        toast({
          title: "Coming soon",
          description: "Google sign-in will be available soon.",
          variant: "info",
        })
      }
    >
      {children}
    </Button>
  );
}
