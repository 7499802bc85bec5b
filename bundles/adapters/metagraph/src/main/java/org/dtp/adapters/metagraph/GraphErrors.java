package org.dtp.adapters.metagraph;

import org.dtp.spi.AdapterException;
import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.AnswerPolicy;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderAnswer;

import java.time.Duration;

/**
 * What a Graph error answer means, by its {@link GraphError} code rather than its status, as {@link GraphApi}'s class
 * comment lists: throttled (the wait the usage headers announce, else the connection's throttle wait), token
 * invalid, temporary, permission missing, or what the status says. The API client's {@link AnswerPolicy}.
 */
final class GraphErrors implements AnswerPolicy {
    private final String provider;
    private final Duration throttleWait;

    GraphErrors(String provider, Duration throttleWait) {
        this.provider = provider;
        this.throttleWait = throttleWait;
    }

    @Override
    public AnswerOutcome judge(ProviderAnswer answer) {
        GraphError error = GraphError.parse(answer.body()).orElse(null);
        if (error == null) {
            return AnswerOutcome.byStatus();
        }
        if (error.throttled()) {
            return AnswerOutcome.rateLimitedFor(GraphUsage.regainAccessIn(answer.headers()).orElse(throttleWait))
                    .because(error.describe());
        }
        if (error.tokenInvalid()) {
            return AnswerOutcome.failure(new AuthorizationRefusedException(provider + " refused the access token ("
                    + error.describe() + "); the account has to be authorized again", answer, error.message()));
        }
        if (error.temporary()) {
            return AnswerOutcome.transientFailure().because(error.describe());
        }
        if (error.permissionMissing()) {
            return AnswerOutcome.failure(new AuthorizationRefusedException(provider + " refused a permission ("
                    + error.describe() + "); the account has to be authorized again with the adapter's scopes", answer,
                    error.message()));
        }
        int status = answer.status();
        if (status >= 400 && status < 500 && status != 404 && status != 408 && status != 429) {
            return AnswerOutcome.byStatus(); // refused authorization or a rejected request, as the status says
        }
        // a Graph error the adapter does not know, under a status that would make it transient or a missing node
        return AnswerOutcome.failure(new AdapterException(provider + " answered " + status + " to " + answer.method()
                + " " + answer.where() + ": " + error.describe()));
    }
}
