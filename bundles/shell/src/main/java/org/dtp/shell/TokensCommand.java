package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.dtp.users.ApiToken;
import org.dtp.users.ApiTokens;

@Command(scope = "dtp", name = "tokens", description = "Lists the API tokens of end users, newest first (never their secrets)")
@Service
public class TokensCommand implements Action {

    @Reference
    ApiTokens tokens;

    @Override
    public Object execute() {
        ShellTable table = Format.table("Id", "User", "E-mail", "Label", "Issued", "Expires", "Revoked");
        table.emptyTableText("No token was issued (dtp:token-issue).");
        for (ApiToken t : tokens.tokens()) {
            table.addRow().addContent(t.id(), t.user().name(), Format.orDash(t.user().email()), Format.orDash(t.label()),
                    Format.time(t.createdAt()), t.expiresAt() == null ? "never" : Format.time(t.expiresAt())
                            + (t.revokedAt() == null && !t.valid() ? " (expired)" : ""),
                    t.revokedAt() == null ? "-" : Format.time(t.revokedAt()));
        }
        table.print(System.out);
        return null;
    }
}
