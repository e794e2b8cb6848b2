import { LogInIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A mode's page for a visitor: its name, why it needs an account (`children`), and Log in. */
export function LoginPrompt({
  title,
  onLogin,
  children,
}: {
  title: string;
  onLogin: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">{title}</h1>
          </CardTitle>
          <CardDescription className="text-base">{children}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button size="lg" className="w-full" onClick={onLogin}>
            <LogInIcon />
            Log in to play
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
