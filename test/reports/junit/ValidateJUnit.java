// Validates XML files against an XSD with the JDK's own validator (Xerces), the XML stack
// Java consumers such as Jenkins read JUnit with. Usage: java ValidateJUnit.java SCHEMA FILE...
// Prints one line per file, "valid PATH" or "invalid PATH:LINE:COLUMN: MESSAGE"; exits 1 if any is invalid.
import java.io.File;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.SAXParseException;

public class ValidateJUnit {
  public static void main(String[] args) throws Exception {
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    // Nothing is fetched: no external DTDs or schemas.
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    Schema schema = factory.newSchema(new File(args[0]));
    int invalid = 0;
    for (int i = 1; i < args.length; i++) {
      Validator validator = schema.newValidator();
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      try {
        validator.validate(new StreamSource(new File(args[i])));
        System.out.println("valid " + args[i]);
      } catch (SAXParseException e) {
        invalid++;
        System.out.println("invalid " + args[i] + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage());
      }
    }
    System.exit(invalid == 0 ? 0 : 1);
  }
}
