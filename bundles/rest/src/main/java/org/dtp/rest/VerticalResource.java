package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.VerticalInfo;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import java.util.Arrays;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/** The kinds of data the server knows, whether or not an adapter for them is installed. */
@Component(service = VerticalResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/verticals")
@Produces(APPLICATION_JSON)
public final class VerticalResource {

    @GET
    public List<VerticalInfo> list() {
        return Arrays.stream(Vertical.values()).map(VerticalInfo::of).toList();
    }
}
