package org.dtp.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.SecurityContext;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/** Who the credentials of the request authenticate: for clients (the web page) to know what to offer. */
@Component(service = CallerResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/me")
@Produces(APPLICATION_JSON)
public final class CallerResource {
    public record Me(String name, boolean operator) {
    }

    @GET
    public Me me(@Context SecurityContext security) {
        ApiCaller caller = ApiCaller.of(security);
        return new Me(caller.name(), caller.operator());
    }
}
