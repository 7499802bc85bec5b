package org.dtp.shell;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.CommandException;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;

@Command(scope = "dtp", name = "token-issue",
        description = "Issues an API token for an end user; its secret is shown this once (the server keeps only its hash)")
@Service
public class TokenIssueCommand implements Action {

    @Reference
    ApiTokens tokens;

    @Option(name = "-e", aliases = "--email", description = "Where the user is told of their transfers")
    String email;

    @Option(name = "-l", aliases = "--label", description = "What the token is for, e.g. \"ann's laptop\"")
    String label;

    @Option(name = "-x", aliases = "--expires-in-days", description = "Days the token is valid for (default: until revoked)")
    Integer expiresInDays;

    @Argument(index = 0, name = "user", required = true, description = "The user's name: letters, digits or . _ @ + -")
    String user;

    @Override
    public Object execute() throws Exception {
        IssuedApiToken issued;
        try {
            if (expiresInDays != null && expiresInDays < 1) {
                throw new CommandException("--expires-in-days takes a number of days of at least 1, not " + expiresInDays);
            }
            issued = tokens.issue(new ApiUser(user, email), label,
                    expiresInDays == null ? null : java.time.Instant.now().plus(java.time.Duration.ofDays(expiresInDays)));
        } catch (IllegalArgumentException e) {
            throw new CommandException(e.getMessage());
        }
        System.out.println("Token " + issued.token().id() + " for " + user
                + (issued.token().expiresAt() == null ? "" : ", valid until " + Format.time(issued.token().expiresAt()))
                + ". Give the user this secret; it is not shown again:");
        System.out.println(issued.secret());
        return null;
    }
}
