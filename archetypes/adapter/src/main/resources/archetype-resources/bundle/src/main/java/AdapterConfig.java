package ${package};

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The operator's configuration of this adapter, etc/${package}.cfg (Config Admin; every value has a default). */
@ObjectClassDefinition(name = "${providerName} adapter", description = "Limits of the ${providerName} adapter for dtp.")
public @interface AdapterConfig {
    /** The configuration PID. */
    String PID = "${package}";

    @AttributeDefinition(name = "Page size", description = "Items per export page (1 to 1000).", min = "1", max = "1000")
    int pageSize() default 100;
}
