package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"dicepoker/advice"
	"dicepoker/web"
)

// A script asks the server what 6 6 6 6 6 scores in each poker-dice box,
// as score --json answers it.
func ExampleNew() {
	ts := httptest.NewUnstartedServer(nil)
	s, err := web.New(advice.Opener{}, ts.Listener.Addr().String(), web.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	ts.Config.Handler = s
	ts.Start()
	defer ts.Close()
	res, err := http.Post(ts.URL+"/api/score", "application/json", strings.NewReader(`{"game":"poker-dice","dice":[6,6,6,6,6]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	fmt.Print(res.Status, " ", string(body))
	// Output:
	// 200 OK {"game":"poker-dice","dice":[6,6,6,6,6],"scores":{"aces":5,"kings":0,"queens":0,"jacks":0,"tens":0,"nines":0,"pair":1,"two-pairs":0,"three-of-a-kind":3,"straight":0,"full-house":0,"four-of-a-kind":4,"five-of-a-kind":5},"rules":""}
}
