package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.users.ApiTokens;

@Command(scope = "dtp", name = "token-revoke", description = "Revokes an API token: it no longer authenticates")
@Service
public class TokenRevokeCommand implements Action {

    @Reference
    ApiTokens tokens;

    @Argument(index = 0, name = "id", required = true, description = "The token's id, as dtp:tokens shows it")
    String id;

    @Override
    public Object execute() throws Exception {
        if (!tokens.revoke(id)) {
            throw new CommandException("There is no valid token with id '" + id + "' (see dtp:tokens)");
        }
        System.out.println("Token " + id + " revoked");
        return null;
    }
}
